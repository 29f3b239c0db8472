import { describe, expect, test } from "bun:test";
import { clientAddress, LOOPBACK } from "~/domain/ip";
import { parseProxyRange, proxyMatcher } from "~/infra/trusted-proxies.server";
import { isLoopbackHost } from "~/domain/hosts";

describe("TRUST_PROXY ranges", () => {
  const trusted = proxyMatcher([...LOOPBACK, "10.1.0.0/16", "192.0.2.7", "fd00::/8", "2001:db8:0:1::/64"]);

  test("IPv4 addresses and CIDRs", () => {
    expect(["127.0.0.1", "127.255.0.9", "10.1.0.0", "10.1.255.255", "192.0.2.7"].map(trusted)).toEqual([true, true, true, true, true]);
    expect(["10.0.255.255", "10.2.0.0", "192.0.2.8", "8.8.8.8", "128.0.0.1"].map(trusted)).toEqual([false, false, false, false, false]);
  });

  test("IPv6 addresses and prefixes, in any spelling", () => {
    expect(["::1", "0:0:0:0:0:0:0:1", "[::1]", "fd12::1", "FD00:ffff::9", "2001:db8:0:1:ffff::1", "fe80::1%eth0"].map(trusted)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(["::2", "fe80::1", "2001:db8:0:2::1", "fc00::1"].map(trusted)).toEqual([false, false, false, false]);
  });

  test("an IPv4-mapped IPv6 address counts as its IPv4 address", () => {
    expect(["::ffff:127.0.0.1", "::ffff:10.1.2.3", "::ffff:a01:203", "::ffff:192.0.2.7"].map(trusted)).toEqual([true, true, true, true]);
    expect(["::ffff:10.2.0.1", "::ffff:8.8.8.8"].map(trusted)).toEqual([false, false]);
  });

  test("what is not an address is never trusted and never throws", () => {
    expect(["garbage", "", "1.2.3.256", "10.1.0.0/16", "unknown", "::ffff:1.2.3.4.5"].map(trusted)).toEqual([false, false, false, false, false, false]);
  });

  test("no ranges: nobody is trusted", () => {
    expect(["127.0.0.1", "::1"].map(proxyMatcher([]))).toEqual([false, false]);
  });

  test("entries the setting accepts and refuses", () => {
    expect(parseProxyRange("192.168.1.0/24")).toEqual({ address: "192.168.1.0", prefix: 24, family: "ipv4" });
    expect(parseProxyRange(" fd00::/8 ")).toEqual({ address: "fd00::", prefix: 8, family: "ipv6" });
    expect(parseProxyRange("10.0.0.2")).toEqual({ address: "10.0.0.2", prefix: 32, family: "ipv4" });
    for (const bad of ["10.0.0.300", "proxy.local", "10.0.0.0/33", "fd00::/129", "10.0.0.0/8/1", "10.0.0.0/x", "/8", ""]) {
      expect(parseProxyRange(bad)).toBeNull();
    }
  });

  test("the client is the rightmost hop that is not a trusted proxy", () => {
    expect(clientAddress("::ffff:10.1.0.9", "6.6.6.6, 203.0.113.7", trusted)).toBe("203.0.113.7");
    expect(clientAddress("fd00::5", "2001:db8::1, fd00::6", trusted)).toBe("2001:db8::1");
    expect(clientAddress("8.8.8.8", "203.0.113.7", trusted)).toBe("8.8.8.8");
  });
});

describe("loopback host names (browser-safe)", () => {
  test("127.0.0.0/8, ::1 and IPv4-mapped loopback as URL.hostname writes them", () => {
    for (const host of ["localhost", "app.localhost", "127.0.0.1", "127.8.9.10", "[::1]", "[::ffff:7f00:1]", "LOCALHOST."])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ["128.0.0.1", "10.0.0.1", "[::2]", "[fe80::1]", "shop.example.com", "[::ffff:a00:1]", "126.255.255.255"])
      expect(isLoopbackHost(host)).toBe(false);
  });
});
