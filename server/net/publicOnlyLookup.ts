import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { isPrivateAddress } from "./privateAddress";

/**
 * A dns.lookup for http(s).request and net.connect that refuses (error code EPRIVATE) a name
 * with any private, loopback or link-local address: the address checked is the one connected
 * to, so a name that resolved to a public address when it was saved cannot be re-pointed (DNS
 * rebinding) at this server's network. Literal IP hosts never reach a lookup: callers check
 * those with isPrivateAddress themselves. `isRefused` narrows the rule and `resolve` stands in
 * for DNS (tests only).
 */
export function publicOnlyLookup(
  isRefused: (address: string) => boolean = isPrivateAddress,
  resolve: typeof dnsLookup = dnsLookup,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const refused = addresses.find((entry) => isRefused(entry.address));
      if (refused || addresses.length === 0) {
        const denied = Object.assign(
          new Error(`refused: ${hostname} resolves to a private address`),
          { code: "EPRIVATE" },
        );
        return callback(denied, "", 0);
      }
      if ((options as { all?: boolean }).all) {
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      }
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
