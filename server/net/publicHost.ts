import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { isPrivateAddress } from "./privateAddress";

/**
 * What is wrong with the host of `url` for a request leaving this server: "private" when it is,
 * or resolves to, a private, loopback or link-local address (any one of its addresses),
 * "unresolvable" when it does not resolve, null when it is public. A check when a URL is saved;
 * the request itself checks again where it connects (publicOnlyLookup), as DNS can change.
 */
export async function publicHostProblem(url: string): Promise<"private" | "unresolvable" | null> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0) return isPrivateAddress(host) ? "private" : null;
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    return "unresolvable";
  }
  if (addresses.length === 0) return "unresolvable";
  return addresses.some((entry) => isPrivateAddress(entry.address)) ? "private" : null;
}
