import type { lookup as dnsLookup, LookupAddress } from "node:dns";
import { isIP } from "node:net";
import { describe, expect, it } from "vitest";
import { publicOnlyLookup } from "./publicOnlyLookup";
import { PUBLIC_ADDRESSES, REFUSED_HOSTS } from "./testing/refusedHosts";

/** A resolver that answers every name with `addresses`, as DNS would for a rebound name. */
function resolvingTo(addresses: string[]): typeof dnsLookup {
  return ((_name: string, _options: unknown, callback: (e: null, a: LookupAddress[]) => void) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: isIP(address) })),
    )) as unknown as typeof dnsLookup;
}

function lookUp(addresses: string[]): Promise<{ code?: string; address?: string }> {
  const lookup = publicOnlyLookup(undefined, resolvingTo(addresses));
  return new Promise((resolve) =>
    lookup("hook.example.com", {}, (error, address) =>
      resolve(error ? { code: (error as { code?: string }).code } : { address: String(address) }),
    ),
  );
}

describe("publicOnlyLookup", () => {
  it("refuses a name resolving to any refused address, IPv4 inside IPv6 included", async () => {
    const resolved = REFUSED_HOSTS.filter((host) => host !== "localhost").map((host) =>
      new URL(`http://${host}/`).hostname.replace(/^\[|\]$/g, ""),
    );
    for (const address of resolved) {
      expect(await lookUp([address]), address).toEqual({ code: "EPRIVATE" });
      // One private address among public ones is enough.
      expect(await lookUp(["8.8.8.8", address]), address).toEqual({ code: "EPRIVATE" });
    }
  });

  it("answers with the address of a name resolving to public addresses only", async () => {
    for (const address of PUBLIC_ADDRESSES) {
      expect(await lookUp([address]), address).toEqual({ address });
    }
  });
});
