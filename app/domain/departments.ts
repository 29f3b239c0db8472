import { t } from "@lingui/core/macro";

// Shared by browser and server: the department keys, tiles and labels of docs/product.md §1, §2 and §3 (and docs/product.md's
// Fabrication tile). Their words are read when they are shown, in the language of the request or of the page
// (decision 0049): functions, not constants.

/** A department key's name, as the settings and refusals say it; undefined for a key that is none of these. */
export function departmentKeyLabel(key: string): string | undefined {
  switch (key) {
    case "pre-production":
      return t`Pre-Production`;
    case "production":
      return t`Production`;
    case "fabrication":
      return t`Fabrication`;
    case "project-management":
      return t`Project Management`;
    case "management":
      return t`Super User (All Access)`;
    default:
      return undefined;
  }
}

export type Tile = { key: string; title: string; subtitle: string; to: string };

/** The Home screen's department tiles, in the language of the request or of the page. */
export function homeTiles(): Tile[] {
  return [
    { key: "pre-production", title: t`Pre-Production`, subtitle: t`Setup and preparation workflows`, to: "/pre-production" },
    { key: "production", title: t`Production Floor`, subtitle: t`All production stations and machines`, to: "/production" },
    // docs/product.md (Decisions): the fourth tile, so members with only the fabrication key have a way in.
    { key: "fabrication", title: t`Fabrication`, subtitle: t`Interior and exterior fabrication stations`, to: "/fabrication" },
    {
      key: "project-management",
      title: t`Project Management`,
      subtitle: t`Project planning and oversight`,
      to: "/projects",
    },
  ];
}

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
  const title = tile.title;
  if (user) {
    if (user.accessibleDepartments.includes("management")) {
      return {
        kind: "go",
        to: tile.to,
        toast: { title: t`Access Granted`, description: t`Accessing ${title} (Management Override).` },
      };
    }
    if (user.accessibleDepartments.includes(tile.key)) {
      return { kind: "go", to: tile.to, toast: { title: t`Access Granted`, description: t`Accessing ${title}.` } };
    }
    return {
      kind: "deny",
      toast: { title: t`Access Denied`, description: t`You don't have access to ${title}.`, variant: "destructive" },
    };
  }
  if (!heldKeys.includes(tile.key) && !heldKeys.includes("management")) {
    return {
      kind: "deny",
      toast: {
        title: t`Access Denied`,
        description: t`No team members have access to this department.`,
        variant: "destructive",
      },
    };
  }
  return { kind: "pin", title: t`Access ${title}` };
}
