import { addMember, createApp, type Client } from "./app";

export type MemberSeed = {
  name: string;
  pin: string;
  keys: string[];
  /** The address the member's client comes from; by default `${ipBase}.N`, N counting members from 1. */
  ip?: string;
  isActive?: boolean;
  /** Signed in once the shop is set up (the default), or left for the test to sign in. */
  signIn?: boolean;
};

export type ShopSeed<M extends string> = {
  env?: Record<string, string | undefined>;
  /** Members, added in this order (their ids follow it) and signed in in this order. */
  members: Record<M, MemberSeed>;
  ipBase?: string;
  /** The member who sets up the reference data; the first management member by default. */
  by?: NoInfer<M>;
  /** Created through POST /api/departments: a name, or the body. */
  departments?: (string | { name: string; isMachine?: boolean })[];
  categories?: { name: string; departmentSequence: string[] }[];
  materials?: { name: string; category: string }[];
  workflow?: { name: string; description?: string; departmentSequence: string[] };
  /** Created through POST /api/projects, on the workflow when there is one; `by` names who creates it. */
  projects?: { name: string; description?: string; priority?: string; by?: NoInfer<M> }[];
  /** Created through POST /api/items, in the first project unless `project` gives another's index; `by` names who creates it. */
  items?: { name: string; category: string; material?: string; department?: string; project?: number; by?: NoInfer<M> }[];
};

export type Shop<M extends string> = {
  app: ReturnType<typeof createApp>;
  clients: Record<M, Client>;
  memberIds: Record<M, number>;
  workflowId: number;
  projectIds: number[];
  itemIds: number[];
};

/**
 * A shop set up as its manager would, through the same API the screens use: a fresh database, its members each
 * with a client (signed in), and what the test's screens need (departments, products, materials, a workflow,
 * projects and items), every write audited as in use. Each step is checked, so a broken setup fails here, not as
 * a puzzling assertion later.
 */
export async function seedShop<M extends string>(seed: ShopSeed<M>): Promise<Shop<M>> {
  const app = createApp(seed.env);
  const names = Object.keys(seed.members) as M[];
  const clients = {} as Record<M, Client>;
  const memberIds = {} as Record<M, number>;
  names.forEach((key, i) => {
    const m = seed.members[key];
    memberIds[key] = addMember(m.name, m.pin, m.keys, m.isActive ?? true).id;
    clients[key] = app.client(m.ip ?? `${seed.ipBase ?? "10.0.0"}.${i + 1}`);
  });
  for (const key of names) if (seed.members[key].signIn !== false && seed.members[key].isActive !== false) await clients[key].signIn(seed.members[key].pin);

  const setupBy = seed.by ?? names.find((k) => seed.members[k].keys.includes("management")) ?? names[0]!;
  const admin = clients[setupBy];
  const post = async (c: Client, path: string, json: unknown) => {
    const res = await c.request(path, { method: "POST", json });
    if (res.status !== 201) throw new Error(`seedShop: POST ${path} ${JSON.stringify(json)} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { id: number };
  };
  for (const d of seed.departments ?? []) await post(admin, "/api/departments", typeof d === "string" ? { name: d } : d);
  for (const c of seed.categories ?? []) await post(admin, "/api/categories", c);
  for (const m of seed.materials ?? []) await post(admin, "/api/materials", m);
  const workflowId = seed.workflow ? (await post(admin, "/api/workflows", seed.workflow)).id : 0;
  const projectIds: number[] = [];
  for (const { by, ...p } of seed.projects ?? []) {
    projectIds.push((await post(clients[by ?? setupBy], "/api/projects", { description: "d", ...p, ...(seed.workflow ? { workflowId } : {}) })).id);
  }
  const itemIds: number[] = [];
  for (const { project, by, ...item } of seed.items ?? [])
    itemIds.push((await post(clients[by ?? setupBy], "/api/items", { ...item, projectId: projectIds[project ?? 0] })).id);
  return { app, clients, memberIds, workflowId, projectIds, itemIds };
}

/**
 * The small shop many tests need: `departments` (work departments, by name), the product Banner and the workflow W
 * through all of them in order, and the project Bakery.
 */
export function bakery(departments: string[]) {
  const sequence = departments.map((name) => name.toLowerCase().replace(/ /g, "-"));
  return {
    departments,
    categories: [{ name: "Banner", departmentSequence: sequence }],
    workflow: { name: "W", departmentSequence: sequence },
    projects: [{ name: "Bakery" }],
  };
}
