import { t } from "@lingui/core/macro";
import { requiredText } from "./common";
import { linkLanguage } from "./language";
import { z } from "./messages";

// Global Settings → Board links: a name for the TV the link is for.
export const BoardKeyFormSchema = z.object({
  intent: z.literal("create"),
  name: requiredText(() => t`Board name is required`, 100),
  language: linkLanguage,
});
