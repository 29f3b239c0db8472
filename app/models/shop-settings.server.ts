import { eq, sql } from "drizzle-orm";
import { shopSettings } from "#db/schema";
import { DEFAULT_SIGN_IN_MODE, type SignInMode } from "~/domain/constants";
import { getDb, type DB } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { ConflictError } from "~/domain/errors";
import { writeAudit, type Actor } from "./audit.server";
import { announce } from "~/infra/change-notices.server";
import { prepared } from "./prepared.server";

// The shop's run-time settings (docs/decisions/0020-shop-settings.md): one row, made by its migration. Read on
// hot paths (every sign-in, every request's host check), so the read is one compiled statement.

export type ShopSettings = { signInMode: SignInMode; shopAddress: string | null; version: number; updatedAt: Date | null };

const DEFAULTS: ShopSettings = { signInMode: DEFAULT_SIGN_IN_MODE, shopAddress: null, version: 1, updatedAt: null };

const readRow = (db: DB) =>
  prepared(db, "shop-settings:get", (d) =>
    d
      .select({ signInMode: shopSettings.signInMode, shopAddress: shopSettings.shopAddress, version: shopSettings.version, updatedAt: shopSettings.updatedAt })
      .from(shopSettings)
      .where(eq(shopSettings.id, 1))
      .prepare(),
  );

export function getShopSettings(): ShopSettings {
  return (readRow(getDb()).get() as ShopSettings | undefined) ?? DEFAULTS;
}

export type ShopSettingsPatch = { signInMode?: SignInMode; shopAddress?: string | null };

/** Change the settings sent; `version` (what the form read) refuses a save over someone else's. Audited. */
export function updateShopSettings(patch: ShopSettingsPatch, actor: Actor, guard: { version?: number } = {}): ShopSettings {
  const after = getDb().transaction((tx) => {
    // The row exists from its migration; a database restored from before it gets it back here.
    tx.insert(shopSettings).values({ id: 1 }).onConflictDoNothing().run();
    const before = tx.select().from(shopSettings).where(eq(shopSettings.id, 1)).get()!;
    if (guard.version !== undefined && guard.version !== before.version) {
      throw new ConflictError("These settings were changed by someone else. Reload to see the latest.");
    }
    const values = Object.fromEntries(Object.entries(patch).filter(([k, v]) => v !== undefined && (k === "signInMode" || k === "shopAddress")));
    if (Object.keys(values).length === 0) return before;
    const row = tx
      .update(shopSettings)
      .set({ ...values, version: sql`${shopSettings.version} + 1`, updatedAt: new Date() })
      .where(eq(shopSettings.id, 1))
      .returning()
      .get();
    writeAudit(actor, { action: "update", entity: "shop-settings", entityId: 1, before: pick(before), after: pick(row) }, tx);
    return row;
  });
  announce({ entity: "shop-settings", id: 1, action: "update" });
  return { signInMode: after.signInMode, shopAddress: after.shopAddress, version: after.version, updatedAt: after.updatedAt };
}

const pick = (r: { signInMode: string; shopAddress: string | null }) => ({ signInMode: r.signInMode, shopAddress: r.shopAddress });

/**
 * The shop's address, once it is known: the server's PUBLIC_URL, or else the one saved in Global Settings → Shop
 * address; null until then. Labels and QR codes carry it, and requests for any other host are refused.
 */
export function knownShopAddress(): string | null {
  return getEnv().PUBLIC_URL ?? getShopSettings().shopAddress ?? null;
}
