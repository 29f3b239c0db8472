import { t } from "@lingui/core/macro";
import { departmentLabel } from "~/domain/format";
import { createCalendarKey, listCalendarKeys, revokeCalendarKey } from "~/models/calendar-feed.server";
import { departmentModel } from "~/models/department.server";
import { listTeamMembers } from "~/models/team-member.server";
import { CalendarKeyFormSchema } from "~/schemas/calendar";
import { shopAddressNote } from "~/services/shop-address.server";
import { calendarFeedLink, feedBase } from "~/views/ics-feed.server";
import { keyedLinkAction, loadKeyedLinks } from "~/views/keyed-links.server";
import type { Route } from "./+types/settings-calendars";

export function loader({ request }: Route.LoaderArgs) {
  return loadKeyedLinks(
    request,
    listCalendarKeys,
    ({ department, subjectName: name }) => ({ subject: department !== null ? t`Department: ${name}` : t`Member: ${name}` }),
    () => ({
      // Feed addresses carry the shop's address once it is known (decision 0026), this browser's until then.
      addressNote: shopAddressNote(request),
      // Every department, the shop's own included; machine stations too (a printer's steps may be dated).
      departments: departmentModel
        .list()
        .filter((d) => d.isActive)
        .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name))
        .map((d) => ({ value: d.value, name: d.name || departmentLabel(d.value) })),
      members: listTeamMembers()
        .filter((m) => m.isActive)
        .map((m) => ({ id: m.id, name: m.name })),
    }),
  );
}

export function action({ request }: Route.ActionArgs) {
  return keyedLinkAction(request, {
    here: "/settings/calendars",
    schema: CalendarKeyFormSchema,
    create: ({ name, subject }, actor, request) => {
      const made = createCalendarKey({ name, subject }, actor);
      const link = calendarFeedLink(feedBase(request), made.key);
      return { name: made.name, link, webcal: link.replace(/^https?:/, "webcal:") };
    },
    // A department or member deleted since the page was drawn: said under 'Whose dates'.
    refusedField: "subject",
    revoke: (id, actor) => {
      revokeCalendarKey(id, actor);
      return { title: t`Calendar feed revoked`, description: t`Calendar apps that subscribed to it get nothing more from it.` };
    },
  });
}
