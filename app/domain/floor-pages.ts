/**
 * The floor's pages (QR Timer, an item's QR page, work lists, production floor and machine queues) and the
 * signed-out screens staff meet first. Their browser code has a budget (docs/design.md), so their words are a
 * catalog of their own: a page here loads only that one, any other page loads the office catalog too (decision
 * 0049). lingui.config.ts follows these route files' imports to decide which words go in which catalog.
 */
export const FLOOR_ROUTE_FILES = [
  "app/routes/home.tsx",
  "app/routes/login.tsx",
  "app/routes/logout.tsx",
  "app/routes/not-found.tsx",
  "app/routes/qr-scanner.tsx",
  "app/routes/qr-item.tsx",
  "app/routes/department-views.tsx",
  "app/routes/work-list.tsx",
  "app/routes/production-floor.tsx",
  "app/routes/machine-queue.tsx",
  "app/routes/fabrication.tsx",
] as const;

const FLOOR_PATHS = /^\/(login|logout|qr-scanner|qr\/[^/]+|department-views|work\/[^/]+|production|production-floor|production\/[^/]+|fabrication)?\/?$/;

/** Whether a page's address is one of the floor's: its browser code needs only the floor catalog. */
export function isFloorPath(pathname: string): boolean {
  return FLOOR_PATHS.test(pathname);
}
