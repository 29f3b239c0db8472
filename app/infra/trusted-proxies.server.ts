import { BlockList, isIP } from "node:net";

// TRUST_PROXY: which peers may tell us the client's address (X-Forwarded-For) and the public URL
// (X-Forwarded-Proto/-Host). The ranges are matched by node:net's BlockList, which also matches an IPv4-mapped IPv6
// address (::ffff:10.0.0.2, as a dual-stack socket reports an IPv4 peer) against IPv4 ranges and back.

type ProxyRange = { address: string; prefix: number; family: "ipv4" | "ipv6" };

/** An address as written in a URL or a header ('[::1]', 'fe80::1%eth0') as node:net takes it. */
const bare = (address: string) => {
  let a = address.trim();
  if (a.startsWith("[") && a.endsWith("]")) a = a.slice(1, -1);
  const zone = a.indexOf("%");
  return zone >= 0 ? a.slice(0, zone) : a;
};

/** One TRUST_PROXY entry: 'a.b.c.d', 'a.b.c.d/nn', an IPv6 address or prefix; null when it is none of those. */
export function parseProxyRange(spec: string): ProxyRange | null {
  const [addr, bits, extra] = spec.trim().split("/");
  if (extra !== undefined || !addr) return null;
  const address = bare(addr);
  const version = isIP(address);
  if (version === 0) return null;
  const max = version === 4 ? 32 : 128;
  if (bits !== undefined && !/^\d{1,3}$/.test(bits)) return null;
  const prefix = bits === undefined ? max : Number(bits);
  if (prefix > max) return null;
  return { address, prefix, family: version === 4 ? "ipv4" : "ipv6" };
}

/** Whether an address (a socket's peer, one hop of X-Forwarded-For) lies in one of the ranges; never throws. */
export function proxyMatcher(specs: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const spec of specs) {
    const range = parseProxyRange(spec);
    if (range) list.addSubnet(range.address, range.prefix, range.family);
  }
  return (address) => {
    const a = bare(address);
    const version = isIP(a);
    return version !== 0 && list.check(a, version === 4 ? "ipv4" : "ipv6");
  };
}
