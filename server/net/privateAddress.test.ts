import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "./privateAddress";
import { ISSUE_29_HOSTS, PUBLIC_ADDRESSES, REFUSED_HOSTS } from "./testing/refusedHosts";

/** The host as callers hand it over: what the URL parser makes of it. */
const hostOf = (host: string) => new URL(`http://${host}/`).hostname;

describe("isPrivateAddress", () => {
  it("refuses every form of a loopback, private, link-local or reserved address", () => {
    for (const host of REFUSED_HOSTS.filter((h) => h !== "localhost")) {
      expect(isPrivateAddress(hostOf(host)), host).toBe(true);
    }
  });

  it("refuses IPv6 addresses that carry a private IPv4 address (issue #29)", () => {
    for (const host of ISSUE_29_HOSTS) {
      expect(isPrivateAddress(hostOf(host)), host).toBe(true);
      expect(isPrivateAddress(host), host).toBe(true);
    }
  });

  it("refuses what is not an IP address, zone ids and brackets aside", () => {
    for (const address of ["not an address", "localhost", "", "0x7f.1", "fe80::1%eth0", "[::1]"]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it("lets public addresses through, IPv4 inside IPv6 included", () => {
    for (const address of PUBLIC_ADDRESSES) {
      expect(isPrivateAddress(address), address).toBe(false);
      expect(isPrivateAddress(hostOf(address.includes(":") ? `[${address}]` : address))).toBe(
        false,
      );
    }
  });
});
