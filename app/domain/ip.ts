// Address matching for TRUST_PROXY: which peers may tell us the client's address (X-Forwarded-For) and the
// public URL (X-Forwarded-Proto/Host). Plain functions so the rule is easy to test.

type Range = { v6: boolean; base: bigint; bits: number };

function parseV4(s: string): bigint | null {
  const parts = s.split(".");
  if (parts.length !== 4) return null;
  let n = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = (n << 8n) | BigInt(Number(p));
  }
  return n;
}

function parseV6(input: string): bigint | null {
  let s = input.toLowerCase();
  if (s.startsWith("[") && s.endsWith("]")) s = s.slice(1, -1);
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  // A trailing dotted quad (::ffff:1.2.3.4) counts as the last two groups.
  const lastColon = s.lastIndexOf(":");
  if (s.includes(".") && lastColon >= 0) {
    const v4 = parseV4(s.slice(lastColon + 1));
    if (v4 === null) return null;
    s = `${s.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  let n = 0n;
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
    n = (n << 16n) | BigInt(parseInt(g, 16));
  }
  return n;
}

/** An address as a number in its family; IPv4-mapped IPv6 (::ffff:a.b.c.d) counts as IPv4. */
export function parseIp(s: string): { v6: boolean; n: bigint } | null {
  const v4 = parseV4(s.trim());
  if (v4 !== null) return { v6: false, n: v4 };
  const v6 = parseV6(s.trim());
  if (v6 === null) return null;
  if (v6 >> 32n === 0xffffn) return { v6: false, n: v6 & 0xffffffffn };
  return { v6: true, n: v6 };
}

/** 'a.b.c.d', 'a.b.c.d/nn', an IPv6 address or prefix; null when it is none of those. */
export function parseRange(spec: string): Range | null {
  const [addr, bitsText, extra] = spec.trim().split("/");
  if (extra !== undefined || !addr) return null;
  const ip = parseIp(addr);
  if (!ip) return null;
  const max = ip.v6 ? 128 : 32;
  const bits = bitsText === undefined ? max : /^\d{1,3}$/.test(bitsText) ? Number(bitsText) : NaN;
  if (!(bits >= 0 && bits <= max)) return null;
  const mask = bits === 0 ? 0n : ((1n << BigInt(bits)) - 1n) << BigInt(max - bits);
  return { v6: ip.v6, base: ip.n & mask, bits };
}

export const LOOPBACK = ["127.0.0.0/8", "::1/128"];

export function ipMatcher(specs: readonly string[]): (address: string) => boolean {
  const ranges = specs.map((s) => parseRange(s)).filter((r): r is Range => r !== null);
  return (address) => {
    const ip = parseIp(address);
    if (!ip) return false;
    return ranges.some((r) => {
      if (r.v6 !== ip.v6) return false;
      const max = ip.v6 ? 128 : 32;
      const mask = r.bits === 0 ? 0n : ((1n << BigInt(r.bits)) - 1n) << BigInt(max - r.bits);
      return (ip.n & mask) === r.base;
    });
  };
}

/**
 * The client's address: walk X-Forwarded-For from the right, past every hop that is a trusted proxy; the first
 * untrusted hop is the client. Entries left of it are whatever the client claimed and are ignored.
 */
export function clientAddress(peer: string, forwardedFor: string | null, trusted: (a: string) => boolean): string {
  if (!trusted(peer) || !forwardedFor) return peer;
  const hops = forwardedFor
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (!parseIp(hop)) break;
    client = hop;
    if (!trusted(hop)) break;
  }
  return client;
}

/**
 * The key one client's sign-in failures are counted under: an IPv4 address as it is (IPv4-mapped IPv6 too), an
 * IPv6 address by its /64. One home or office line gets a whole /64 and picks a new address from it at will
 * (privacy addresses), so counting by full address would give one attacker 2^64 fresh budgets.
 */
export function addressKey(address: string): string {
  const ip = parseIp(address);
  if (!ip) return address;
  if (!ip.v6) return [24n, 16n, 8n, 0n].map((s) => String((ip.n >> s) & 0xffn)).join(".");
  const groups = [112n, 96n, 80n, 64n].map((s) => ((ip.n >> s) & 0xffffn).toString(16));
  return `${groups.join(":")}::/64`;
}
