import type { ColorName } from "~/domain/constants";

// docs/product.md §9: light background, dark text of the same hue. Full class names so Tailwind keeps them.
export const COLOR_CLASSES: Record<ColorName, string> = {
  blue: "bg-blue-100 text-blue-800 border-blue-200",
  green: "bg-green-100 text-green-800 border-green-200",
  yellow: "bg-yellow-100 text-yellow-800 border-yellow-200",
  red: "bg-red-100 text-red-800 border-red-200",
  purple: "bg-purple-100 text-purple-800 border-purple-200",
  pink: "bg-pink-100 text-pink-800 border-pink-200",
  orange: "bg-orange-100 text-orange-800 border-orange-200",
  gray: "bg-gray-100 text-gray-800 border-gray-200",
};

/** The badge colour of a project's priority, wherever a priority is shown as a badge. */
export const PRIORITY_COLORS: Record<string, ColorName> = { rush: "red", high: "orange", medium: "blue", low: "green" };

// docs/product.md §9: department colours in workflow sequences.
const SEQUENCE_COLORS: Record<string, ColorName> = {
  "pre-production": "blue",
  production: "yellow",
  fabrication: "orange",
  "quality-control": "purple",
  installation: "green",
};

export function colorClass(color: string | null | undefined): string {
  return COLOR_CLASSES[(color ?? "gray") as ColorName] ?? COLOR_CLASSES.gray;
}

export function sequenceColorClass(value: string, fallback?: string | null): string {
  return colorClass(SEQUENCE_COLORS[value] ?? fallback ?? "blue");
}
