// Shared by browser and server: the department work lists (/work/{department}, decision 0037): who needs
// which key, the list's filters and its address.
import { DEPARTMENT_KEYS } from "./constants";
import { isExterior, isInterior } from "./fabrication";

/** Rows on a page of a work list: what a floor PC draws in a moment, and a phone scrolls through. */
export const WORK_LIST_PAGE_SIZE = 50;

/**
 * The department key a department's work list needs, besides management: a department whose value is a key
 * (Pre-Production, Production, Fabrication, Project Management) needs it; the others (Quality Control,
 * Installation, any the shop adds) have no key, and every signed-in member may open them.
 */
export function workListKey(department: string): string | null {
  return (DEPARTMENT_KEYS as readonly string[]).includes(department) ? department : null;
}

export type StationSide = "interior" | "exterior";
export const isStationSide = (value: string | null): value is StationSide => value === "interior" || value === "exterior";
/** A station's side, by the Fabrication page's rule on its name (docs/product.md §2 'Fabrication Department'). */
export const stationSide = (name: string): StationSide | null => (isInterior(name) ? "interior" : isExterior(name) ? "exterior" : null);

/**
 * What a work list shows: every item in the department, the items at one station (`station`: a subdepartment's
 * value), at any station of one side, or at no station of the department (`unassigned`).
 */
export type WorkFilter = { kind: "all" } | { kind: "station"; value: string } | { kind: "side"; side: StationSide } | { kind: "unassigned" };

/** The filter a list address asks for (?station=, ?side=); anything it does not know is the whole list. */
export function workFilterOf(params: URLSearchParams, stations: readonly { value: string }[]): WorkFilter {
  const station = params.get("station");
  if (station === "none") return { kind: "unassigned" };
  if (station && stations.some((s) => s.value === station)) return { kind: "station", value: station };
  const side = params.get("side");
  if (isStationSide(side)) return { kind: "side", side };
  return { kind: "all" };
}

/** The list's address with a filter and a page (page 1 and the whole list leave the query out). */
export function workListHref(department: string, filter: WorkFilter = { kind: "all" }, page = 1): string {
  const q = new URLSearchParams();
  if (filter.kind === "station") q.set("station", filter.value);
  else if (filter.kind === "unassigned") q.set("station", "none");
  else if (filter.kind === "side") q.set("side", filter.side);
  if (page > 1) q.set("page", String(page));
  const qs = q.toString();
  return `/work/${encodeURIComponent(department)}${qs ? `?${qs}` : ""}`;
}

/**
 * The id of an item's row on a work list: a post's answer without JavaScript lands on it (`#item-12`), so the
 * browser shows the row where a Start or Pause put it, not whatever slid under the thumb.
 */
export const workRowId = (itemId: number) => `item-${itemId}`;
