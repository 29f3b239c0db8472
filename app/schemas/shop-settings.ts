import { SIGN_IN_MODES } from "~/domain/constants";
import { isLoopbackHost } from "~/domain/hosts";
import { dayHours, dayStartMinutes, holidays, workingDays } from "./capacity";
import { t } from "@lingui/core/macro";
import { check, oneOf, z } from "./messages";

// Global Settings → Sign-in and Shop address, and `PATCH /api/shop-settings`: only the fields sent change.

export const shopAddressMessage = () => t`Enter the shop's address as http:// or https:// followed by a host name or address, e.g. http://shop-server:3000`;
export const shopAddressLoopbackMessage = () =>
  t`A phone cannot use this address: on a phone, localhost (or 127.0.0.1) is the phone itself, not this server. Enter the address other devices reach the server at, e.g. http://192.168.1.20:3000 or http://shop-server:3000`;

/**
 * The address phones and scanners reach the server at: an http(s) origin, kept without a trailing slash. A path is
 * allowed (a proxy may serve the app under one); a query, fragment or user name is not.
 */
export const shopAddressField = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().replace(/\/+$/, "") : v),
  z
    .string(check(shopAddressMessage))
    .max(
      300,
      check(() => t`At most 300 characters`),
    )
    .refine((s) => {
      if (!/^https?:\/\/[^/?#\s]+/i.test(s)) return false;
      try {
        const u = new URL(s);
        return (u.protocol === "http:" || u.protocol === "https:") && !!u.hostname && !u.username && !u.password && !u.search && !u.hash;
      } catch {
        return false;
      }
    }, check(shopAddressMessage))
    .refine((s) => {
      try {
        return !isLoopbackHost(new URL(s).hostname);
      } catch {
        return true;
      }
    }, check(shopAddressLoopbackMessage)),
);

export const ShopSettingsPatchSchema = z
  .object({
    signInMode: oneOf(SIGN_IN_MODES).optional(),
    // null (or "") forgets the address: labels then follow the request's address again.
    shopAddress: z.preprocess((v) => (v === "" ? null : v), shopAddressField.nullable()).optional(),
    // The working calendar of the finish-date forecast (decision 0038).
    workingDays: workingDays.optional(),
    dayStartMinutes: dayStartMinutes.optional(),
    dayHours: dayHours.optional(),
    holidays: holidays.optional(),
    // Timers still running an hour after the working day are paused at its end (docs/product.md, Decisions: The end of a job).
    pauseAtDayEnd: z.boolean({ error: () => t`pauseAtDayEnd must be true or false` }).optional(),
    // How imported files' 01/02/2026 reads: true day first, false month first, null by the shop's zone (Decisions: Due dates).
    importDayFirst: z
      .boolean({ error: () => t`importDayFirst must be true, false or null` })
      .nullable()
      .optional(),
    version: z.number().int().positive().optional(),
  })
  .strict();

/** Global Settings → Shop address, and the one-click confirm on Home's checklist (it sends `returnTo`). */
export const ShopAddressFormSchema = z.object({
  shopAddress: shopAddressField,
  version: z.coerce.number().int().positive().optional(),
  returnTo: z.string().max(200).optional(),
});
