import { t } from "@lingui/core/macro";
import { nullableText } from "./common";
import { check, z } from "./messages";

// Global Settings → Calendar feeds: whose calendar (a department, by its value, or a team member, by id) and an
// optional name.
export const calendarSubjectMessage = () => t`Choose a department or a team member`;

export const CalendarKeyFormSchema = z.object({
  intent: z.literal("create"),
  subject: z
    .string(check(calendarSubjectMessage))
    .regex(/^(department:[^\s]{1,100}|member:\d{1,15})$/, check(calendarSubjectMessage))
    .transform((s) => (s.startsWith("department:") ? { department: s.slice("department:".length) } : { teamMemberId: Number(s.slice("member:".length)) })),
  name: nullableText(100),
});
