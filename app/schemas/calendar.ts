import { nullableText } from "./common";
import { z } from "./messages";

// Global Settings → Calendar feeds: whose calendar (a department, by its value, or a team member, by id) and an
// optional name.
export const CALENDAR_SUBJECT_MESSAGE = "Choose a department or a team member";

export const CalendarKeyFormSchema = z.object({
  intent: z.literal("create"),
  subject: z
    .string({ error: CALENDAR_SUBJECT_MESSAGE })
    .regex(/^(department:[^\s]{1,100}|member:\d{1,15})$/, CALENDAR_SUBJECT_MESSAGE)
    .transform((s) => (s.startsWith("department:") ? { department: s.slice("department:".length) } : { teamMemberId: Number(s.slice("member:".length)) })),
  name: nullableText(100),
});
