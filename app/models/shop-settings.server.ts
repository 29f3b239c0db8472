import { t } from "@lingui/core/macro";
import { eq, sql } from "drizzle-orm";
import { shopSettings } from "#db/schema";
import { DEFAULT_SIGN_IN_MODE, type SignInMode } from "~/domain/constants";
import { getDb, type DB } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { DEFAULT_DAY_HOURS, DEFAULT_DAY_START_MINUTES, DEFAULT_WORKING_DAYS, type WorkingCalendar } from "~/domain/working-calendar";
import { defaultDayFirst } from "~/domain/import-dates";
import { ConflictError } from "~/domain/errors";
import { writeAudit, type Actor } from "./audit.server";
import { announce } from "~/infra/change-notices.server";
import { prepared } from "./prepared.server";

// The shop's run-time settings (docs/decisions/0020-shop-settings.md): one row, made by its migration. Read on
// hot paths (every sign-in, every request's host check), so the read is one compiled statement.

export type ShopSettings = { signInMode: SignInMode; shopAddress: string | null; version: number; updatedAt: Date | null };

const DEFAULTS: ShopSettings = { signInMode: DEFAULT_SIGN_IN_MODE, shopAddress: null, version: 1, updatedAt: null };

// Every request's host check reads it, so the row is kept per database handle, read again after a write here or in
// shop-brand.server.ts (the only code that writes it; a restore replaces the database with the server stopped).
// A read is not free under load: SQLite looks each page up in the write-ahead log's index first.
const readRow = (db: DB) =>
  prepared(db, "shop-settings:get", (d) =>
    d.$client.prepare<{ signInMode: SignInMode; shopAddress: string | null; version: number; updatedAt: number | null }, []>(
      "SELECT sign_in_mode AS signInMode, shop_address AS shopAddress, version, updated_at AS updatedAt FROM shop_settings WHERE id = 1",
    ),
  );
const kept = (db: DB) => prepared(db, "shop-settings:kept", (): { row: ShopSettings | null } => ({ row: null }));

export function getShopSettings(): ShopSettings {
  const db = getDb();
  const holder = kept(db);
  if (holder.row) return holder.row;
  const row = readRow(db).get();
  const settings = row ? { ...row, updatedAt: row.updatedAt === null ? null : new Date(row.updatedAt) } : DEFAULTS;
  // Not kept while a transaction is open: it may yet be rolled back.
  if (!db.$client.inTransaction) holder.row = settings;
  return settings;
}

/** After a write of the settings row: the next read asks the database. Tests that write the row directly call it. */
export function forgetShopSettings(db: DB = getDb()) {
  kept(db).row = null;
}

export type CalendarPatch = { workingDays?: number[]; dayStartMinutes?: number; dayHours?: number; holidays?: string[] };
/** How an imported file's 01/02/2026 is read: true day first, false month first, null by the shop's zone. */
export type ImportPatch = { importDayFirst?: boolean | null };
export type ShopSettingsPatch = { signInMode?: SignInMode; shopAddress?: string | null; pauseAtDayEnd?: boolean } & CalendarPatch & ImportPatch;
const PATCHABLE = new Set(["signInMode", "shopAddress", "workingDays", "dayStartMinutes", "dayHours", "holidays", "importDayFirst", "pauseAtDayEnd"]);

/** Change the settings sent; `version` (what the form read) refuses a save over someone else's. Audited. */
export function updateShopSettings(patch: ShopSettingsPatch, actor: Actor, guard: { version?: number } = {}): ShopSettings {
  const after = getDb().transaction((tx) => {
    // The row exists from its migration; a database restored from before it gets it back here.
    tx.insert(shopSettings).values({ id: 1 }).onConflictDoNothing().run();
    const before = tx.select().from(shopSettings).where(eq(shopSettings.id, 1)).get()!;
    if (guard.version !== undefined && guard.version !== before.version) {
      throw new ConflictError(t`These settings were changed by someone else. Reload to see the latest.`);
    }
    const values = Object.fromEntries(Object.entries(patch).filter(([k, v]) => v !== undefined && PATCHABLE.has(k)));
    if (Object.keys(values).length === 0) return before;
    const row = tx
      .update(shopSettings)
      .set({ ...values, version: sql`${shopSettings.version} + 1`, updatedAt: new Date() })
      .where(eq(shopSettings.id, 1))
      .returning()
      .get();
    writeAudit(actor, { action: "update", entity: "shop-settings", entityId: 1, before: pick(before, patch), after: pick(row, patch) }, tx);
    return row;
  });
  forgetShopSettings();
  announce({ entity: "shop-settings", id: 1, action: "update" });
  return { signInMode: after.signInMode, shopAddress: after.shopAddress, version: after.version, updatedAt: after.updatedAt };
}

const CALENDAR_FIELDS = ["workingDays", "dayStartMinutes", "dayHours", "holidays"] as const;
/** What the audit row records: how staff sign in and the address always, the calendar when this save changed it. */
const pick = (r: typeof shopSettings.$inferSelect, patch: ShopSettingsPatch) => ({
  signInMode: r.signInMode,
  shopAddress: r.shopAddress,
  ...(CALENDAR_FIELDS.some((k) => patch[k] !== undefined) ? Object.fromEntries(CALENDAR_FIELDS.map((k) => [k, r[k]])) : {}),
  ...(patch.importDayFirst !== undefined ? { importDayFirst: r.importDayFirst } : {}),
  ...(patch.pauseAtDayEnd !== undefined ? { pauseAtDayEnd: r.pauseAtDayEnd } : {}),
});

/** Whether timers still running an hour after the working day are paused at its end (docs/product.md, Decisions: The end of a job). */
export function pauseAtDayEndSetting(): boolean {
  return getDb().select({ on: shopSettings.pauseAtDayEnd }).from(shopSettings).where(eq(shopSettings.id, 1)).get()?.on ?? true;
}

/**
 * The shop's address, once it is known: the server's PUBLIC_URL, or else the one saved in Global Settings → Shop
 * address; null until then. Labels and QR codes carry it, and requests for any other host are refused.
 */
export function knownShopAddress(): string | null {
  return getEnv().PUBLIC_URL ?? getShopSettings().shopAddress ?? null;
}

const readCalendar = (db: DB) =>
  prepared(db, "shop-settings:calendar", (d) =>
    d
      .select({
        workingDays: shopSettings.workingDays,
        dayStartMinutes: shopSettings.dayStartMinutes,
        dayHours: shopSettings.dayHours,
        holidays: shopSettings.holidays,
      })
      .from(shopSettings)
      .where(eq(shopSettings.id, 1))
      .prepare(),
  );

/** The shop's working calendar (docs/decisions/0038-finish-date-forecast.md), in SHOP_TIMEZONE; the defaults until it is set. */
export function getWorkingCalendar(): WorkingCalendar {
  const row = readCalendar(getDb()).get();
  return {
    timeZone: getEnv().SHOP_TIMEZONE,
    workingDays: row?.workingDays ?? [...DEFAULT_WORKING_DAYS],
    dayStartMinutes: row?.dayStartMinutes ?? DEFAULT_DAY_START_MINUTES,
    dayHours: row?.dayHours ?? DEFAULT_DAY_HOURS,
    holidays: row?.holidays ?? [],
  };
}

const readImportDayFirst = (db: DB) =>
  prepared(db, "shop-settings:import-day-first", (d) =>
    d.select({ importDayFirst: shopSettings.importDayFirst }).from(shopSettings).where(eq(shopSettings.id, 1)).prepare(),
  );

/**
 * How an order import reads 01/02/2026 (docs/product.md, Decisions: Due dates): the setting in Global Settings →
 * Imported files (`setting`, null when unset), and what it comes to (`dayFirst`): unset, month first when the shop's
 * zone is in the Americas.
 */
export function getImportDateOrder(): { setting: boolean | null; dayFirst: boolean } {
  const setting = readImportDayFirst(getDb()).get()?.importDayFirst ?? null;
  return { setting, dayFirst: setting ?? defaultDayFirst(getEnv().SHOP_TIMEZONE) };
}
