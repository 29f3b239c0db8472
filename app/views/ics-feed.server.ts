import { t } from "@lingui/core/macro";
import { zoneDate } from "~/domain/dates";
import { type IcsEvent, icsCalendar } from "~/domain/icalendar";
import { getEnv } from "~/infra/env.server";
import { calendarFeedData, type CalendarSubject, FEED_DAYS_BACK } from "~/models/calendar-feed.server";
import { projectOutlooks } from "~/models/project-forecast.server";
import { knownShopAddress } from "~/models/shop-settings.server";

// A calendar feed's text (docs/decisions/0043-calendar-feeds-and-customer-links.md): each step with a date as an
// all-day event over its days in the shop's zone, each project's due date as an all-day event, and the forecast's
// expected finish as a moment in UTC. UIDs name the record and the shop's host, so an edit changes the event a
// calendar app already holds instead of adding a second one.

const DAY_MS = 86_400_000;

const statusWords = (): Record<string, string> => ({
  pending: t`Not started`,
  "not-started": t`Not started`,
  "in-progress": t`In progress`,
  completed: t`Completed`,
});

/** The shop's address: the one labels carry once it is known, else the address this request came to. */
export function feedBase(request: Request): string {
  return (knownShopAddress() ?? new URL(request.url).origin).replace(/\/$/, "");
}

export function calendarFeedLink(base: string, key: string): string {
  return `${base.replace(/\/$/, "")}/calendar/${key}.ics`;
}

export function calendarFeedText(feed: { name: string; subject: CalendarSubject }, base: string, now = Date.now()): string {
  const tz = getEnv().SHOP_TIMEZONE;
  const host = new URL(base).hostname || "shopflow";
  const from = now - FEED_DAYS_BACK * DAY_MS;
  const data = calendarFeedData(feed.subject, from);
  const projectUrl = (id: number) => `${base}/projects/${id}`;
  const events: IcsEvent[] = [];
  const STATUS_WORDS = statusWords();
  const dueDate = t`Due date`;
  const expectedFinish = t`Expected finish`;
  for (const s of data.steps) {
    const first = s.startAt ?? s.endAt!;
    const last = s.endAt ?? s.startAt!;
    const status = STATUS_WORDS[s.status] ?? s.status;
    const step = s.name;
    const project = s.project;
    const percent = s.percent;
    events.push({
      uid: `${s.kind}-${s.id}@${host}`,
      summary: `${s.name}: ${s.project}`,
      start: { day: zoneDate(first, tz) },
      lastDay: zoneDate(last, tz),
      description: `${t`${step} for ${project}.`}\n${t`${status}, ${percent}% done.`}\n${projectUrl(s.projectId)}`,
      url: projectUrl(s.projectId),
      categories: [s.name],
      // A step's days are a plan, not a meeting: they do not make the member busy in a scheduling app.
      transparent: true,
    });
  }
  const open = data.projects.filter((p) => p.status === "active").map((p) => p.id);
  const outlooks = projectOutlooks(open, now);
  for (const p of data.projects) {
    const name = p.name;
    if (p.dueAt !== null && p.dueAt >= from) {
      events.push({
        uid: `project-${p.id}-due@${host}`,
        summary: t`Due: ${name}`,
        start: { day: zoneDate(p.dueAt, tz) },
        description: `${p.status === "completed" ? t`${name} is due. It is finished.` : t`${name} is due.`}\n${projectUrl(p.id)}`,
        url: projectUrl(p.id),
        categories: [dueDate],
        transparent: true,
      });
    }
    const finishAt = outlooks.get(p.id)?.finishAt ?? null;
    if (finishAt !== null) {
      events.push({
        uid: `project-${p.id}-finish@${host}`,
        summary: t`Expected finish: ${name}`,
        start: { at: finishAt },
        description: `${t`When ${name} is expected to finish, from the shop's queues and capacity. It moves as work goes on.`}\n${projectUrl(p.id)}`,
        url: projectUrl(p.id),
        categories: [expectedFinish],
        status: "TENTATIVE",
        transparent: true,
      });
    }
  }
  return icsCalendar({ name: `Shopflow: ${feed.name}`, prodId: "-//Shopflow//Calendar feed//EN", stamp: now, events });
}
