/**
 * Hosts, as written in a URL (`http://${host}/x`), that a webhook or calendar address may not
 * name: every spelling of this machine, private networks, link-local (cloud metadata),
 * reserved and multicast ranges, and IPv6 forms that carry such an IPv4 address. Literal
 * addresses only (and `localhost`, which resolves from /etc/hosts), so no test needs DNS; no
 * test sends anything to them.
 */
export const REFUSED_HOSTS: readonly string[] = [
  // This machine, as the URL parser reads it (decimal, hex, octal, short forms).
  "127.0.0.1",
  "127.1",
  "127.0.1",
  "127.255.255.254",
  "2130706433",
  "0x7f000001",
  "0x7f.0.0.1",
  "0177.0.0.1",
  "localhost",
  "0.0.0.0",
  "0",
  // Private networks, shared address space, link-local and the metadata service.
  "10.0.0.5",
  "012.0.0.1",
  "172.16.0.1",
  "172.31.255.254",
  "192.168.1.10",
  "100.64.0.1",
  "100.127.255.254",
  "169.254.169.254",
  "2852039166",
  "0xa9fea9fe",
  // Reserved, documentation, benchmarking, broadcast and multicast.
  "192.0.0.1",
  "192.0.2.1",
  "198.18.0.1",
  "198.51.100.7",
  "203.0.113.9",
  "240.0.0.1",
  "255.255.255.255",
  "224.0.0.1",
  "239.255.255.250",
  // IPv6 loopback, unspecified, link-local, unique-local, site-local, multicast, reserved.
  "[::1]",
  "[0:0:0:0:0:0:0:1]",
  "[::]",
  "[fe80::1]",
  "[fc00::1]",
  "[fd00::1]",
  "[fec0::1]",
  "[ff02::1]",
  "[100::1]",
  "[2001:db8::1]",
  "[2001:2::1]",
  "[3fff::1]",
  "[5f00::1]",
  // IPv4-mapped.
  "[::ffff:127.0.0.1]",
  "[::ffff:7f00:1]",
  "[::ffff:10.0.0.1]",
  "[::ffff:169.254.169.254]",
  "[::ffff:0.0.0.0]",
  // IPv4-compatible (deprecated, still routed to the IPv4 address by some stacks).
  "[::127.0.0.1]",
  "[::7f00:1]",
  "[::10.0.0.1]",
  "[::169.254.169.254]",
  // IPv4-translated (SIIT).
  "[::ffff:0:127.0.0.1]",
  "[::ffff:0:a9fe:a9fe]",
  // NAT64: the well-known prefix with a private IPv4, and the local-use prefix at all.
  "[64:ff9b::7f00:1]",
  "[64:ff9b::a9fe:a9fe]",
  "[64:ff9b:1::7f00:1]",
  "[64:ff9b:1::808:808]",
  // 6to4 with a private IPv4 in bits 16–48.
  "[2002:7f00:1::]",
  "[2002:a9fe:a9fe::1]",
  "[2002:c0a8:10a::1]",
  // Teredo.
  "[2001::1]",
  "[2001:0:4136:e378:8000:63bf:3fff:fdd2]",
];

/** The four forms issue #29 found accepted; the list above holds them too. */
export const ISSUE_29_HOSTS = [
  "[::127.0.0.1]",
  "[::ffff:0:127.0.0.1]",
  "[64:ff9b:1::7f00:1]",
  "[2002:7f00:1::]",
] as const;

/** Public addresses, some carrying a public IPv4 the same ways: these stay allowed. */
export const PUBLIC_ADDRESSES: readonly string[] = [
  "93.184.216.34",
  "8.8.8.8",
  "2606:4700:4700::1111",
  "::ffff:8.8.8.8",
  "64:ff9b::808:808",
  "2002:808:808::1",
];
