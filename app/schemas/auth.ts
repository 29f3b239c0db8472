import { t } from "@lingui/core/macro";
import { idField } from "./common";
import { check, z } from "./messages";

export const pinMessage = () => t`Please enter a 4-digit PIN`;

export const VerifyPinSchema = z.object({
  pinCode: z.preprocess((v) => (typeof v === "number" ? String(v).padStart(4, "0") : v), z.string(check(pinMessage)).regex(/^\d{4}$/, check(pinMessage))),
  expectedUserId: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    idField(() => t`expectedUserId must be a team member id (a whole number)`).optional(),
  ),
});

/** The no-JavaScript sign-in form: the same PIN plus where to go afterwards. */
export const LoginFormSchema = VerifyPinSchema.extend({
  redirectTo: z.string().optional(),
  tile: z.string().optional(),
});
