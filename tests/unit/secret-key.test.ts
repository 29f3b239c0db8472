import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { hashKey, newKey } from "~/infra/secret-key.server";

// Sessions, API tokens and links are stored as the SHA-256 of their key (infra/secret-key.server.ts): a database
// written by an earlier version must keep finding them, whatever hashes them now.

describe("stored keys", () => {
  test("hashKey is the SHA-256 of the key in lowercase hex, as stored before", () => {
    expect(hashKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    for (let i = 0; i < 50; i++) {
      const key = newKey();
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(hashKey(key)).toBe(createHash("sha256").update(key).digest("hex"));
    }
    expect(hashKey("ünïcode ✓")).toBe(createHash("sha256").update("ünïcode ✓").digest("hex"));
  });
});
