import { isIPv4 } from "node:net";

/** Whether a socket's own address is this machine (127.0.0.0/8, ::1, or 127.x mapped to IPv6). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return address === "::1" || (isIPv4(v4) && v4.startsWith("127."));
}
