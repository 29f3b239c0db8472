import { t } from "@lingui/core/macro";
import { z } from "./messages";

// Offline scanning: what a scanner sends with a start-timer / end-timer (JSON body) or a toggle
// (form fields) so that a scan queued while offline is applied once, at the time it was made.

/** A client-made scan id (a UUID or similar): 8 to 100 letters, digits, '-' and '_'. */
export const SCAN_ID_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
export const isScanId = (value: string) => SCAN_ID_PATTERN.test(value);

export const scanId = z
  .string({ error: () => t`scanId must be text` })
  .trim()
  .min(8, { error: () => t`scanId must be 8 to 100 letters, digits, '-' or '_'` })
  .max(100, { error: () => t`scanId must be 8 to 100 letters, digits, '-' or '_'` })
  .regex(/^[A-Za-z0-9_-]+$/, { error: () => t`scanId must be 8 to 100 letters, digits, '-' or '_'` });

/** When the scan was made on the device: epoch milliseconds or an ISO 8601 time. */
export const deviceTime = z
  .union([z.number(), z.string()], { error: () => t`deviceTime must be a time (epoch milliseconds or ISO 8601)` })
  .transform((v, ctx) => {
    const ms = typeof v === "number" ? v : /^\d+$/.test(v.trim()) ? Number(v.trim()) : Date.parse(v);
    if (!Number.isFinite(ms) || ms <= 0) {
      ctx.addIssue({ code: "custom", message: t`deviceTime must be a time (epoch milliseconds or ISO 8601)` });
      return z.NEVER;
    }
    return ms;
  });

/** POST /api/items/{id}/start-timer | end-timer: the body is optional; both fields are too. */
export const ScanBodySchema = z.object({ scanId: scanId.optional(), deviceTime: deviceTime.optional() });

/**
 * What ScanBodySchema makes of an empty body (a scanner's program sends none): nothing, both fields being optional.
 * The floor's hottest call takes it as it is instead of validating `{}` again on every scan.
 */
export const NO_SCAN_BODY: Readonly<z.infer<typeof ScanBodySchema>> = Object.freeze({});

/** POST /api/scans: one scan of a label, as the QR Timer page sends it (and replays it after being offline). */
export const ScanToggleSchema = z.object({
  code: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? t`code is required` : undefined) })
    .trim()
    .min(1, { error: () => t`code is required` })
    .max(2000, { error: () => t`code is too long` }),
  scanId: scanId.optional(),
  deviceTime: deviceTime.optional(),
});

/** POST /api/items/{id}/undo-advance: the stop (its timer log row id) a QR Timer scan made and its answer offered to undo. */
export const UndoAdvanceSchema = z.object({
  stopId: z.coerce
    .number({ error: () => t`stopId must be the id of the stop to undo` })
    .int({ error: () => t`stopId must be the id of the stop to undo` })
    .positive({ error: () => t`stopId must be the id of the stop to undo` }),
});
