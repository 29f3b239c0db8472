import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getSecret } from "~/infra/secret.server";

// Secrets the server must use again later, not just compare (a webhook's signing secret): kept in the database
// sealed with AES-256-GCM under a key derived from secret.key, so a copy of the database alone cannot sign
// (docs/product.md, Decisions: Webhooks). secret.key travels with the database in every backup, so a restore
// opens them again.

/** What a sealed value starts with: the format's version, so a later format can be told apart. */
export const SEALED_PREFIX = "sealed.v1.";

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

// Derived once per secret.key (tests swap the key): HKDF-SHA256 with a label of its own, so this key is unrelated
// to the PIN hashes made from the same secret.
let derived: { from: Buffer; key: Buffer } | null = null;
function sealingKey(): Buffer {
  const secret = getSecret();
  if (derived?.from !== secret) {
    derived = { from: secret, key: Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), "shopflow sealed secrets v1", 32)) };
  }
  return derived.key;
}

export const isSealed = (stored: string) => stored.startsWith(SEALED_PREFIX);

/** Seals `plain` with a fresh random nonce: the same secret sealed twice gives two different values. */
export function sealSecret(plain: string, purpose: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(), nonce);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString("base64url");
}

export class UnsealError extends Error {
  override name = "UnsealError";
}

/**
 * The secret in clear. A value stored before sealing existed is returned as it is (the start-up step seals it);
 * one sealed under another secret.key, or changed, throws UnsealError.
 */
export function openSecret(stored: string, purpose: string): string {
  if (!isSealed(stored)) return stored;
  const raw = Buffer.from(stored.slice(SEALED_PREFIX.length), "base64url");
  if (raw.length < NONCE_BYTES + TAG_BYTES) throw new UnsealError("The stored secret is damaged.");
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealingKey(), raw.subarray(0, NONCE_BYTES));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    throw new UnsealError("The stored secret cannot be opened with this server's secret.key (was the database restored without the secret.key beside it?).");
  }
}
