import { t } from "@lingui/core/macro";
import { SIGN_IN_MODES } from "~/domain/constants";
import { numberish } from "./common";
import { oneOf, z } from "./messages";

/** Global Settings → Sign-in: the mode, and the settings version the form was opened with. */
export const SignInSettingsFormSchema = z.object({
  signInMode: oneOf(SIGN_IN_MODES, () => t`Choose how staff sign in`),
  version: numberish(
    z
      .number({ error: () => t`version must be a whole number` })
      .int()
      .positive(),
  ).optional(),
});
