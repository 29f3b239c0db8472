// Shared by browser and server: the department keys, tiles and labels of docs/product.md §1, §2 and §3 (and docs/product.md's
// Fabrication tile).
export const DEPARTMENT_KEY_LABELS: Record<string, string> = {
  "pre-production": "Pre-Production",
  production: "Production",
  fabrication: "Fabrication",
  "project-management": "Project Management",
  management: "Super User (All Access)",
};

export type Tile = { key: string; title: string; subtitle: string; to: string };

export const TILES: Tile[] = [
  { key: "pre-production", title: "Pre-Production", subtitle: "Setup and preparation workflows", to: "/pre-production" },
  { key: "production", title: "Production Floor", subtitle: "All production stations and machines", to: "/production" },
  // docs/product.md (Decisions): the fourth tile, so members with only the fabrication key have a way in.
  { key: "fabrication", title: "Fabrication", subtitle: "Interior and exterior fabrication stations", to: "/fabrication" },
  {
    key: "project-management",
    title: "Project Management",
    subtitle: "Project planning and oversight",
    to: "/projects",
  },
];

export function hasDepartmentKey(accessible: readonly string[] | undefined, key: string): boolean {
  return !!accessible && (accessible.includes("management") || accessible.includes(key));
}

export type TileDecision =
  | { kind: "go"; to: string; toast: { title: string; description: string } }
  | { kind: "deny"; toast: { title: string; description: string; variant: "destructive" } }
  | { kind: "pin"; title: string };

/**
 * docs/product.md §4 tile click. Shared so the browser (JavaScript on) and the home action (JavaScript off) agree.
 * `heldKeys` is the set of keys some active member holds; it matters only when nobody is signed in.
 */
export function decideTileClick(tile: Tile, user: { accessibleDepartments: string[] } | null, heldKeys: readonly string[]): TileDecision {
  if (user) {
    if (user.accessibleDepartments.includes("management")) {
      return {
        kind: "go",
        to: tile.to,
        toast: { title: "Access Granted", description: `Accessing ${tile.title} (Management Override).` },
      };
    }
    if (user.accessibleDepartments.includes(tile.key)) {
      return { kind: "go", to: tile.to, toast: { title: "Access Granted", description: `Accessing ${tile.title}.` } };
    }
    return {
      kind: "deny",
      toast: { title: "Access Denied", description: `You don't have access to ${tile.title}.`, variant: "destructive" },
    };
  }
  if (!heldKeys.includes(tile.key) && !heldKeys.includes("management")) {
    return {
      kind: "deny",
      toast: {
        title: "Access Denied",
        description: "No team members have access to this department.",
        variant: "destructive",
      },
    };
  }
  return { kind: "pin", title: `Access ${tile.title}` };
}
