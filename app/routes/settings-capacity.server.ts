import { parseWithZod } from "@conform-to/zod/v4";
import { plural, t } from "@lingui/core/macro";
import { data } from "react-router";
import { formatListDate, noonInZone } from "~/domain/dates";
import { formatWorkingWeek } from "~/domain/forecast-words";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { getEnv } from "~/infra/env.server";
import { departmentModel, updateCapacities } from "~/models/department.server";
import { getShopSettings, getWorkingCalendar, pauseAtDayEndSetting, updateShopSettings } from "~/models/shop-settings.server";
import { capacityFormSchema, WorkingCalendarFormSchema } from "~/schemas/capacity";
import { actorFrom } from "~/services/actor.server";
import { domainError, intentOf, invalid, readForm, sessionEnded, unreadableForm } from "~/views/form-action.server";
import { requirePermission, sessionEndedMessage } from "~/services/permissions.server";
import { getUser } from "~/services/session.server";
import type { Route } from "./+types/settings-capacity";

// Global Settings → Capacity and calendar's loader and action (routes/settings-capacity.tsx holds the page): the
// shop's working week and holidays, and what each department can do in a day (decision 0038).

const HERE = "/settings/capacity";

/** The process departments (machine stations are not where items queue), in the shop's order. */
function workDepartments() {
  return departmentModel
    .list()
    .filter((d) => !d.isMachine)
    .sort((a, b) => Number(b.isActive) - Number(a.isActive) || a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
}

export function loadSettingsCapacity({ request }: Route.LoaderArgs) {
  requirePermission(request, "settings:write");
  const calendar = getWorkingCalendar();
  const tz = getEnv().SHOP_TIMEZONE;
  return data(
    {
      calendar: {
        workingDays: calendar.workingDays,
        dayStart: `${String(Math.floor(calendar.dayStartMinutes / 60)).padStart(2, "0")}:${String(calendar.dayStartMinutes % 60).padStart(2, "0")}`,
        dayHours: calendar.dayHours,
        holidays: calendar.holidays.map((date) => ({ date, label: formatListDate(noonInZone(date, tz), tz) })),
        summary: formatWorkingWeek(calendar),
        pauseAtDayEnd: pauseAtDayEndSetting(),
      },
      version: getShopSettings().version,
      timeZone: tz,
      departments: workDepartments().map((d) => ({
        id: d.id,
        name: d.name,
        isActive: d.isActive,
        people: d.capacityPeople,
        hours: d.capacityHours,
        version: d.version,
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const FORMS = ["calendar", "capacity"] as const;

export async function settingsCapacityAction({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return unreadableForm();
  const intent = intentOf(form, FORMS);
  const departments = intent === "capacity" ? workDepartments() : [];
  const schema = intent === "calendar" ? WorkingCalendarFormSchema : capacityFormSchema(departments.map((d) => d.id));
  // A session that ended while the form was open: keep what was typed and ask for the PIN again.
  if (!getUser(request)) return sessionEnded(intent, parseWithZod(form, { schema }).reply({ formErrors: [sessionEndedMessage()] }));
  const actor = actorFrom(request, requirePermission(request, "settings:write"));

  if (intent === "calendar") {
    const submission = parseWithZod(form, { schema: WorkingCalendarFormSchema });
    if (submission.status !== "success") return invalid(intent, submission.reply());
    const { workingDays, dayStart, dayHours, holidays, pauseAtDayEnd, version } = submission.value;
    try {
      updateShopSettings({ workingDays, dayStartMinutes: dayStart, dayHours, holidays, pauseAtDayEnd }, actor, { version });
    } catch (error) {
      const e = domainError(error);
      return invalid(intent, submission.reply({ formErrors: [e.message] }), e.status);
    }
    const saved = getWorkingCalendar();
    const week = formatWorkingWeek(saved);
    const count = saved.holidays.length;
    const holidayWords = plural(count, { one: `${count} holiday`, other: `${count} holidays` });
    const timers = pauseAtDayEndSetting() ? t`forgotten timers pause at the day's end` : t`timers run until someone stops them`;
    return redirectWithToast(request, HERE, {
      title: t`Calendar saved`,
      description: `${week}; ${holidayWords}; ${timers}.`,
    });
  }

  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") return invalid(intent, submission.reply());
  const values = submission.value as Record<string, number | null | undefined>;
  const changes = departments.map((d) => {
    const version = Number(form.get(`version-${d.id}`));
    return {
      id: d.id,
      capacityPeople: values[`people-${d.id}`] as number,
      capacityHours: values[`hours-${d.id}`] ?? null,
      version: Number.isInteger(version) && version > 0 ? version : undefined,
    };
  });
  let changed: number;
  try {
    changed = updateCapacities(changes, actor).length;
  } catch (error) {
    const e = domainError(error);
    return invalid(intent, submission.reply({ formErrors: [e.message] }), e.status);
  }
  return redirectWithToast(request, HERE, {
    title: t`Capacity saved`,
    description: changed === 0 ? t`Nothing changed.` : plural(changed, { one: `${changed} department changed.`, other: `${changed} departments changed.` }),
  });
}
