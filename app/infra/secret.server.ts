import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync, chmodSync } from "node:fs";
import path from "node:path";
import { getEnv } from "~/infra/env.server";
import { processState } from "~/infra/process-state.server";

const g = processState;

// The secret lives beside the database so a backup/restore of DATA_DIR keeps every PIN hash valid.
export function getSecret(): Buffer {
  if (g.secret) return g.secret;
  const dir = path.resolve(getEnv().DATA_DIR);
  const file = path.join(dir, "secret.key");
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
  }
  const hex = readFileSync(file, "utf8").trim();
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${file} is not a valid secret (64 hex characters)`);
  try {
    chmodSync(file, 0o600);
  } catch {}
  g.secret = Buffer.from(hex, "hex");
  return g.secret;
}

export function setSecretForTests(secret: Buffer | undefined) {
  g.secret = secret;
}

/** Keyed hash of a PIN: lets the server find a member by PIN without storing the PIN. */
export function hashPin(pin: string): string {
  return createHmac("sha256", getSecret()).update(`pin:${pin}`).digest("hex");
}
