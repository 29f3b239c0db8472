import { t } from "@lingui/core/macro";

// docs/product.md §2 'Fabrication Department': which section a station belongs to and which icon it gets, by its name.

export const isInterior = (name: string) => /interior/i.test(name);
export const isExterior = (name: string) => /exterior|channel/i.test(name);

/** docs/product.md §2: the description, or '{name} operations'. */
export function stationDescription(s: { name: string; description: string | null }): string {
  const name = s.name;
  return s.description?.trim() || t`${name} operations`;
}

// The keywords in the order docs/product.md §2 gives them: the first that matches wins.
export type StationIcon =
  | "assembly"
  | "lights"
  | "quality"
  | "packing"
  | "storage"
  | "riveting"
  | "trim"
  | "install"
  | "paint"
  | "finish"
  | "shipping"
  | "fabrication";

const KEYWORD_ICONS: [RegExp, StationIcon][] = [
  [/assembl/i, "assembly"],
  [/light/i, "lights"],
  [/quality|control/i, "quality"],
  [/packing|packag/i, "packing"],
  [/storage/i, "storage"],
  [/rivet/i, "riveting"],
  [/trim|cap/i, "trim"],
  [/install/i, "install"],
  [/paint/i, "paint"],
  [/finish/i, "finish"],
  [/shipping/i, "shipping"],
];

export function stationIcon(name: string): StationIcon {
  return KEYWORD_ICONS.find(([re]) => re.test(name))?.[1] ?? "fabrication";
}
