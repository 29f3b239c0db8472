import { eq, sql } from "drizzle-orm";
import { shopSettings } from "#db/schema";
import { forgetShopSettings } from "./shop-settings.server";
import { announce } from "~/infra/change-notices.server";
import { getDb } from "~/infra/db.server";
import { removeStoredFile } from "~/infra/storage.server";
import { writeAudit, type Actor } from "./audit.server";

// The shop's name and logo on the customer status page (docs/decisions/0043-calendar-feeds-and-customer-links.md),
// kept in the settings row; the logo is a file under DATA_DIR, named by the server, replaced as a whole.

export type ShopBrand = { shopName: string | null; shopLogo: string | null };

export function getShopBrand(): ShopBrand {
  const row = getDb().select({ shopName: shopSettings.shopName, shopLogo: shopSettings.shopLogo }).from(shopSettings).where(eq(shopSettings.id, 1)).get();
  return { shopName: row?.shopName ?? null, shopLogo: row?.shopLogo ?? null };
}

/**
 * Saves the name, and the logo when `logo` is given (a stored file's path, or null to remove it). The logo it
 * replaces is removed after the commit; audited.
 */
export function updateShopBrand(patch: { shopName?: string | null; logo?: string | null }, actor: Actor): ShopBrand {
  let previous: string | null = null;
  const after = getDb().transaction((tx) => {
    tx.insert(shopSettings).values({ id: 1 }).onConflictDoNothing().run();
    const before = tx.select({ shopName: shopSettings.shopName, shopLogo: shopSettings.shopLogo }).from(shopSettings).where(eq(shopSettings.id, 1)).get()!;
    const values: Partial<typeof shopSettings.$inferInsert> = {};
    if (patch.shopName !== undefined) values.shopName = patch.shopName;
    if (patch.logo !== undefined) values.shopLogo = patch.logo;
    if (Object.keys(values).length === 0) return before;
    previous = patch.logo !== undefined && before.shopLogo !== patch.logo ? before.shopLogo : null;
    const row = tx
      .update(shopSettings)
      .set({ ...values, version: sql`${shopSettings.version} + 1`, updatedAt: new Date() })
      .where(eq(shopSettings.id, 1))
      .returning({ shopName: shopSettings.shopName, shopLogo: shopSettings.shopLogo })
      .get();
    writeAudit(actor, { action: "update", entity: "shop-settings", entityId: 1, before, after: row }, tx);
    return row;
  });
  // The row's version moved: the kept settings are read again.
  forgetShopSettings();
  if (previous) removeStoredFile(previous);
  announce({ entity: "shop-settings", id: 1, action: "update" });
  return after;
}
