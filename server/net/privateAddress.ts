import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

type IPv6 = ipaddr.IPv6;

const v6 = (cidr: string) => ipaddr.IPv6.parseCIDR(cidr);

/**
 * IPv6 prefixes whose last 32 bits are an IPv4 address the packet is delivered to: a host that
 * speaks them (or a NAT64 gateway on the way) reaches that IPv4 address, loopback included.
 */
const IPV4_IN_LAST_32_BITS = [
  v6("::/96"), // IPv4-compatible (RFC 4291, deprecated): ::127.0.0.1
  v6("::ffff:0:0/96"), // IPv4-mapped: ::ffff:127.0.0.1
  v6("::ffff:0:0:0/96"), // IPv4-translated (RFC 6145, SIIT): ::ffff:0:127.0.0.1
  v6("64:ff9b::/96"), // NAT64 well-known prefix (RFC 6052)
];

/** 6to4 (RFC 3056): the IPv4 address of the tunnel's end sits in bits 16–48. */
const SIX_TO_FOUR = v6("2002::/16");

/**
 * Refused whatever they hold: NAT64 local-use (RFC 8215), where the operator picks where in the
 * address the IPv4 sits, so no one reading it can tell where it leads; Teredo (RFC 4380), whose
 * client address is obfuscated and whose tunnels are all but gone.
 */
const REFUSED_TUNNELS = [v6("64:ff9b:1::/48"), v6("2001::/32")];

/** The only IPv6 space routed on the public internet (IANA's global unicast). */
const GLOBAL_UNICAST = v6("2000::/3");

function ipv4Of(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
}

function isPublicIPv6(address: IPv6): boolean {
  const parts = address.parts;
  if (IPV4_IN_LAST_32_BITS.some((range) => address.match(range))) {
    return ipv4Of(parts[6]!, parts[7]!).range() === "unicast";
  }
  if (address.match(SIX_TO_FOUR)) return ipv4Of(parts[1]!, parts[2]!).range() === "unicast";
  if (REFUSED_TUNNELS.some((range) => address.match(range))) return false;
  return address.match(GLOBAL_UNICAST) && address.range() === "unicast";
}

/**
 * Whether an IP address is one a request leaving this server must not reach: loopback,
 * private, link-local, shared, reserved, documentation, multicast, or anything else that
 * ipaddr.js does not class as plain unicast. An IPv6 address that carries an IPv4 address
 * (IPv4-mapped, IPv4-compatible, IPv4-translated, NAT64, 6to4) counts as that IPv4 address;
 * Teredo and local-use NAT64 are refused outright. Anything that is not an IP address counts as
 * private, so a caller can never let it through by mistake.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  // node's isIP first: ipaddr.js also reads "0x7f.1" and "127.1", which no caller hands over.
  const family = isIP(bare);
  if (family === 4) return ipaddr.IPv4.parse(bare).range() !== "unicast";
  if (family === 6) return !isPublicIPv6(ipaddr.IPv6.parse(bare));
  return true;
}
