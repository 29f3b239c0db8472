import { t } from "@lingui/core/macro";
import { numberish } from "./common";
import { oneOf, z } from "./messages";

/** Global Settings → Imported files: how 01/02/2026 is read ('zone': by the shop's time zone), and the version it was opened with. */
export const IMPORT_DATE_ORDERS = ["zone", "month", "day"] as const;
export const ImportSettingsFormSchema = z.object({
  dateOrder: oneOf(IMPORT_DATE_ORDERS, () => t`Choose how dates in imported files are read`),
  version: numberish(
    z
      .number({ error: () => t`version must be a whole number` })
      .int()
      .positive(),
  ).optional(),
});
