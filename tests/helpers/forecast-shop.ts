import type { ForecastDepartment, ForecastItem } from "~/domain/forecast";
import type { WorkingCalendar } from "~/domain/working-calendar";

// Small hand-made shops for the forecast's and the schedule's arithmetic. Chicago in winter is UTC-6: 8:00 CST is
// 14:00Z, 16:00 CST is 22:00Z. Mon Nov 30 2026 … Fri Dec 4, then Mon Dec 7.

export const H = 3600;
export const calendar: WorkingCalendar = { timeZone: "America/Chicago", workingDays: [1, 2, 3, 4, 5], dayStartMinutes: 480, dayHours: 8, holidays: [] };
export const at = (iso: string) => new Date(iso).getTime();
export const MONDAY_8 = at("2026-11-30T14:00:00Z");

/** A department named after its value ('quality-control' → 'Quality Control'), one person by default. */
export const dept = (value: string, people = 1, hoursPerPerson: number | null = null): ForecastDepartment => ({
  value,
  name: value.replace(/(^|-)(\w)/g, (_, dash: string, c: string) => (dash ? " " : "") + c.toUpperCase()),
  people,
  hoursPerPerson,
});

let nextId = 1;
/** An open item of project 1, a Banner waiting since a day before Monday 8:00, unless `over` says otherwise. */
export const item = (over: Partial<ForecastItem> & { route: string[] }): ForecastItem => ({
  id: nextId++,
  projectId: 1,
  category: "Banner",
  runningSince: null,
  rush: false,
  dueAt: null,
  arrivedAt: MONDAY_8 - 24 * H * 1000,
  ...over,
});

/** Every category takes `hours` in every department. */
export const flat = (hours: number) => () => hours * H;
