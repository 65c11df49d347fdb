/**
 * The host a `host_slug` (username, any case) and/or `host_email` (any case) name among `hosts`:
 * null when neither is given, undefined when they name no host or two different ones. Never throws.
 */
export function findNamedHost<Host extends { username: string; email: string }>(
  hosts: readonly Host[],
  named: { hostSlug?: string | undefined; hostEmail?: string | undefined },
): Host | null | undefined {
  const slug = named.hostSlug?.trim().toLowerCase();
  const email = named.hostEmail?.trim().toLowerCase();
  if (slug === undefined && email === undefined) return null;
  return hosts.find(
    (host) =>
      (slug === undefined || host.username === slug) &&
      (email === undefined || host.email.toLowerCase() === email),
  );
}
