import { getDb } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";

export type SetupCounts = {
  departments: number;
  /** Machine stations: departments marked as machines plus rows of the machines table. */
  machines: number;
  /** Product categories (the Products tab). */
  products: number;
  materials: number;
  workflows: number;
  teamMembers: number;
  /** 1 once the shop's address is known (PUBLIC_URL, or saved in Global Settings → Shop address). */
  shopAddress: number;
};

/** What the Home 'Set up your shop' checklist needs (docs/product.md (Decisions)), in one query. */
export function getSetupCounts(): SetupCounts {
  const row = getDb()
    .$client.query<SetupCounts, []>(
      `SELECT
      (SELECT count(*) FROM departments) AS departments,
      (SELECT count(*) FROM departments WHERE is_machine = 1) + (SELECT count(*) FROM machines) AS machines,
      (SELECT count(*) FROM categories) AS products,
      (SELECT count(*) FROM materials) AS materials,
      (SELECT count(*) FROM workflows) AS workflows,
      (SELECT count(*) FROM team_members) AS teamMembers,
      (SELECT count(*) FROM shop_settings WHERE shop_address IS NOT NULL) AS shopAddress`,
    )
    .get()!;
  return {
    departments: Number(row.departments),
    machines: Number(row.machines),
    products: Number(row.products),
    materials: Number(row.materials),
    workflows: Number(row.workflows),
    teamMembers: Number(row.teamMembers),
    shopAddress: getEnv().PUBLIC_URL ? 1 : Number(row.shopAddress),
  };
}

export type SetupStep = { key: keyof SetupCounts; done: boolean };

/** The checklist's lines, in the order a shop sets up; team members count as done beyond the first administrator. */
export function setupSteps(counts: SetupCounts): SetupStep[] {
  return [
    { key: "departments", done: counts.departments > 0 },
    { key: "machines", done: counts.machines > 0 },
    { key: "products", done: counts.products > 0 },
    // Every item is made of a material (the item form requires one): without any, the first item cannot be added.
    { key: "materials", done: counts.materials > 0 },
    { key: "workflows", done: counts.workflows > 0 },
    { key: "teamMembers", done: counts.teamMembers > 1 },
    { key: "shopAddress", done: counts.shopAddress > 0 },
  ];
}
