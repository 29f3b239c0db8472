import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { formatDateTime } from "~/domain/dates";
import { NotFoundError } from "~/domain/errors";
import { departmentLabel } from "~/domain/format";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { getEnv } from "~/infra/env.server";
import { createCalendarKey, listCalendarKeys, revokeCalendarKey } from "~/models/calendar-feed.server";
import { departmentModel } from "~/models/department.server";
import { listTeamMembers } from "~/models/team-member.server";
import { CalendarKeyFormSchema, CalendarKeyRevokeSchema } from "~/schemas/calendar";
import { actorFrom } from "~/services/actor.server";
import { calendarFeedLink, feedBase } from "~/views/ics-feed.server";
import { shopAddressNote } from "~/services/shop-address.server";
import { requirePermission } from "~/services/permissions.server";
import type { Route } from "./+types/settings-calendars";

export function loader({ request }: Route.LoaderArgs) {
  requirePermission(request, "settings:write");
  const tz = getEnv().SHOP_TIMEZONE;
  return data(
    {
      // Feed addresses carry the shop's address once it is known (decision 0026), this browser's until then.
      addressNote: shopAddressNote(request),
      feeds: listCalendarKeys().map((k) => ({
        id: k.id,
        name: k.name,
        subject: k.department !== null ? `Department: ${k.subjectName}` : `Member: ${k.subjectName}`,
        created: formatDateTime(k.createdAt, tz),
        lastUsed: k.lastUsedAt ? formatDateTime(k.lastUsedAt, tz) : "Never",
        revoked: k.revokedAt ? formatDateTime(k.revokedAt, tz) : null,
      })),
      // Every department, the shop's own included; machine stations too (a printer's steps may be dated).
      departments: departmentModel
        .list()
        .filter((d) => d.isActive)
        .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name))
        .map((d) => ({ value: d.value, name: d.name || departmentLabel(d.value) })),
      members: listTeamMembers()
        .filter((m) => m.isActive)
        .map((m) => ({ id: m.id, name: m.name })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = requirePermission(request, "settings:write");
  const actor = actorFrom(request, user);
  const form = await request.formData();
  if (form.get("intent") === "revoke") {
    const parsed = CalendarKeyRevokeSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return data({ result: null, created: null }, { status: 400 });
    try {
      revokeCalendarKey(parsed.data.id, actor);
    } catch (error) {
      if (error instanceof NotFoundError)
        return redirectWithToast(request, "/settings/calendars", { title: "Error", description: error.message, variant: "destructive" });
      throw error;
    }
    return redirectWithToast(request, "/settings/calendars", {
      title: "Calendar feed revoked",
      description: "Calendar apps that subscribed to it get nothing more from it.",
    });
  }
  const submission = parseWithZod(form, { schema: CalendarKeyFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), created: null }, { status: 400 });
  try {
    const { key, name } = createCalendarKey({ name: submission.value.name, subject: submission.value.subject }, actor);
    // Shown once, in this answer: only the key's hash is stored.
    const link = calendarFeedLink(feedBase(request), key);
    return data({ result: submission.reply({ resetForm: true }), created: { name, link, webcal: link.replace(/^https?:/, "webcal:") } });
  } catch (error) {
    if (error instanceof NotFoundError)
      return data({ result: submission.reply({ fieldErrors: { subject: [error.message] } }), created: null }, { status: 400 });
    throw error;
  }
}
