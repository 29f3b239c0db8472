// Shared by browser and server. Dates are shown in the shop's zone (SHOP_TIMEZONE), US English (spec §9).

/** HH:MM:SS for the item and project detail screens. */
export function formatHMS(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return [h, m, sec].map((n) => String(n).padStart(2, "0")).join(":");
}

/** 'MMM d, yyyy' (timeline). */
export function formatDate(date: Date | number | string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric", year: "numeric" }).format(new Date(date));
}

/** 'MMM d, h:mm a' (analytics, session starts). */
export function formatDateTime(date: Date | number | string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }).format(new Date(date));
}

const STANDARD_DEPARTMENTS: Record<string, string> = {
  "pre-production": "Pre-Production",
  production: "Production",
  fabrication: "Fabrication",
  "quality-control": "Quality Control",
  installation: "Installation",
  "project-management": "Project Management",
};

/** Department value → label; items without one read 'Pre-production' (spec §4). */
export function departmentLabel(value: string | null | undefined): string {
  if (!value) return "Pre-production";
  return STANDARD_DEPARTMENTS[value] ?? value.split("-").map((w) => (w[0] ?? "").toUpperCase() + w.slice(1)).join(" ");
}
