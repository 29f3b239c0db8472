import { idField } from "./common";
import { z } from "./messages";

export const PIN_MESSAGE = "Please enter a 4-digit PIN";

export const VerifyPinSchema = z.object({
  pinCode: z.preprocess((v) => (typeof v === "number" ? String(v).padStart(4, "0") : v), z.string({ error: PIN_MESSAGE }).regex(/^\d{4}$/, PIN_MESSAGE)),
  expectedUserId: z.preprocess((v) => (v === "" || v === null ? undefined : v), idField("expectedUserId must be a team member id (a whole number)").optional()),
});

/** The no-JavaScript sign-in form: the same PIN plus where to go afterwards. */
export const LoginFormSchema = VerifyPinSchema.extend({
  redirectTo: z.string().optional(),
  tile: z.string().optional(),
});
