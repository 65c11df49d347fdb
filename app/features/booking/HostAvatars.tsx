import type { PublicHost } from "./bookingApi";

/** The hosts' pictures (or initials), overlapping, decorative: their names are written beside. */
export function HostAvatars({
  hosts,
  size = "md",
}: {
  hosts: Pick<PublicHost, "name" | "username" | "avatarUrl">[];
  size?: "md" | "lg";
}) {
  const box = size === "lg" ? "size-20 text-2xl" : "size-10 text-sm";
  return (
    <div className="flex -space-x-2 rtl:space-x-reverse" aria-hidden="true">
      {hosts.slice(0, 4).map((host) =>
        host.avatarUrl ? (
          <img
            key={host.username}
            src={host.avatarUrl}
            alt=""
            className={`${box} rounded-full border-2 border-white bg-gray-100 object-cover`}
          />
        ) : (
          <span
            key={host.username}
            className={`${box} inline-flex items-center justify-center rounded-full border-2 border-white bg-brand-600 font-bold text-white`}
          >
            {initials(host.name)}
          </span>
        ),
      )}
    </div>
  );
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return `${parts[0]?.[0] ?? ""}${parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : ""}`.toUpperCase();
}
