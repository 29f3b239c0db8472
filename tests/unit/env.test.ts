import { describe, expect, test } from "bun:test";
import { parseEnv } from "~/infra/env.server";

describe("configuration", () => {
  test("defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      DATA_DIR: "./data",
      SHOP_TIMEZONE: "America/Chicago",
      ADMIN_NAME: "Administrator",
      SESSION_IDLE_MINUTES: 720,
      MAX_UPLOAD_MB: 50,
      AUDIT_RETENTION_DAYS: 0,
      TRUST_PROXY: [],
      DEMO: false,
    });
    expect(env.ADMIN_PIN).toBeUndefined();
    expect(env.PUBLIC_URL).toBeUndefined();
  });

  test("TRUST_PROXY: 1 means loopback, or a list of proxy addresses and CIDRs; anything else stops the start", () => {
    expect(parseEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toEqual([]);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.2, 192.168.1.0/24,fd00::/8" }).TRUST_PROXY).toEqual(["10.0.0.2", "192.168.1.0/24", "fd00::/8"]);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.300" })).toThrow(/TRUST_PROXY: must be 1, or addresses\/CIDRs/);
    expect(() => parseEnv({ TRUST_PROXY: "proxy.local" })).toThrow(/not: proxy.local/);
  });

  test("values are parsed", () => {
    const env = parseEnv({ PORT: "8080", DEMO: "1", TRUST_PROXY: "true", PUBLIC_URL: "https://shop.example.com/", ADMIN_PIN: "0042" });
    expect(env.PORT).toBe(8080);
    expect(env.DEMO).toBe(true);
    expect(env.TRUST_PROXY).toEqual(["127.0.0.0/8", "::1/128"]);
    expect(env.PUBLIC_URL).toBe("https://shop.example.com");
    expect(env.ADMIN_PIN).toBe("0042");
    expect(parseEnv({ AUDIT_RETENTION_DAYS: "730" }).AUDIT_RETENTION_DAYS).toBe(730);
  });

  test("PRINTER_PORTS: label printers' ports, 9100 and 6101 unless listed; ALLOWED_HOSTS: other names the server answers to", () => {
    expect(parseEnv({}).PRINTER_PORTS).toEqual([9100, 6101]);
    expect(parseEnv({ PRINTER_PORTS: " 9100, 9101,9100" }).PRINTER_PORTS).toEqual([9100, 9101]);
    expect(() => parseEnv({ PRINTER_PORTS: "9100,70000,ssh" })).toThrow(
      /PRINTER_PORTS: must be port numbers from 1 to 65535, comma-separated, e.g. 9100,6101 \(not: 70000, ssh\)/,
    );
    expect(parseEnv({}).ALLOWED_HOSTS).toEqual([]);
    // Compared as URL.hostname writes them: lower case, no port, no trailing dot, IPv6 in brackets.
    expect(parseEnv({ ALLOWED_HOSTS: "Shop-Server, 192.168.1.20:3000, fe80::1,[fd00::2]:8080, shop.example.com." }).ALLOWED_HOSTS).toEqual([
      "shop-server",
      "192.168.1.20",
      "[fe80::1]",
      "[fd00::2]",
      "shop.example.com",
    ]);
    expect(() => parseEnv({ ALLOWED_HOSTS: "https://shop.example.com, shop server" })).toThrow(
      /ALLOWED_HOSTS: must be host names or IP addresses[\s\S]*not: https:\/\/shop.example.com, shop server/,
    );
  });

  test.each([
    ["PORT", "70000"],
    ["PORT", "abc"],
    ["ADMIN_PIN", "12345"],
    ["ADMIN_PIN", "12a4"],
    ["SHOP_TIMEZONE", "Mars/Olympus"],
    ["SESSION_IDLE_MINUTES", "0"],
    ["MAX_UPLOAD_MB", "-1"],
    ["AUDIT_RETENTION_DAYS", "-5"],
    ["AUDIT_RETENTION_DAYS", "a year"],
    ["PUBLIC_URL", "not a url"],
    ["DEMO", "maybe"],
  ])("a bad %s (%s) stops the start with a message naming it", (key, value) => {
    expect(() => parseEnv({ [key]: value })).toThrow(new RegExp(`Invalid configuration:[\\s\\S]*${key}`));
  });
});
