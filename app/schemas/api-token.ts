import { t } from "@lingui/core/macro";
import { API_TOKEN_SCOPES } from "~/domain/api-tokens";
import { distinct, requiredText } from "./common";
import { tokenLanguage } from "./language";
import { check, oneOf, z } from "./messages";

// Global Settings → API tokens: a name for the program the token is for, and what it may do.
export const ApiTokenFormSchema = z.object({
  intent: z.literal("create"),
  name: requiredText(() => t`Token name is required`, 100),
  scopes: distinct(
    z.array(oneOf(API_TOKEN_SCOPES), { error: () => t`Choose at least one scope` }).min(
      1,
      check(() => t`Choose at least one scope`),
    ),
    () => t`Scopes`,
  ),
  language: tokenLanguage,
});
