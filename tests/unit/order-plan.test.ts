import { describe, expect, test } from "bun:test";
import { runSteps } from "~/domain/csv-read";
import { type OrderReferenceData, parseDueDate, parseOrderCsvSteps, planOrderImport } from "~/domain/order-plan";

// The order import's reading and checking without a database (decision 0045).

const ref: OrderReferenceData = {
  workflows: [{ id: 1, name: "Print" }],
  categories: ["Banner"],
  materials: ["Vinyl"],
  existing: [
    {
      id: 9,
      name: "Bakery",
      customer: null,
      externalReference: "Q-7",
      priority: "low",
      startDay: "2026-05-01",
      dueDay: null,
      workflowId: 2,
      workflowName: "Install",
      items: [{ id: 90, name: "Menu", quantity: 1, category: "Banner", material: "Unknown" }],
    },
  ],
};
const parse = (text: string) => {
  const r = runSteps(parseOrderCsvSteps(text));
  if ("problem" in r) throw new Error(r.problem);
  return r.rows;
};

describe("order CSV", () => {
  test("headers as exports spell them, in any order; cells as written; the file's line numbers", () => {
    const rows = parse("sep=;\nQty;ITEM;order_number;Job Name;client;Workflow;Category\n\n2;Letters;Q-1;Front;Acme;Print;Banner\n");
    expect(rows).toEqual([
      {
        line: 4,
        projectName: "Front",
        customer: "Acme",
        externalReference: "Q-1",
        dueDate: "",
        priority: "",
        workflow: "Print",
        itemName: "Letters",
        quantity: "2",
        category: "Banner",
        material: "",
      },
    ]);
    expect(runSteps(parseOrderCsvSteps("Item,Qty\nA,1\n"))).toEqual({
      problem: "The CSV needs a Project Name column (found: Item, Qty). Download the template to see the columns.",
    });
  });

  test("due dates: ISO, year first with slashes, day.month.year; 03/04/2026 by the shop's order; impossible days refused", () => {
    const read = (dayFirst: boolean) => (s: string) => parseDueDate(s, dayFirst);
    expect(["2026-03-31", "2026/3/31", "31.03.2026", "2026-03-31T12:00:00Z", "3/31/2026"].map(read(false))).toEqual(Array(5).fill("2026-03-31"));
    expect(["03/04/2026"].map(read(false))).toEqual(["2026-03-04"]);
    expect(["03/04/2026"].map(read(true))).toEqual(["2026-04-03"]);
    expect(["2026-02-30", "31.13.2026", "13/13/2026", "next week", ""].map(read(false))).toEqual(Array(5).fill(null));
  });
});

describe("planOrderImport", () => {
  const row = (r: Partial<Record<string, string>>, line: number) => ({
    line,
    projectName: "Front",
    customer: "",
    externalReference: "",
    dueDate: "",
    priority: "",
    workflow: "Print",
    itemName: "Letters",
    quantity: "",
    category: "Banner",
    material: "",
    ...r,
  });

  test("a known reference (any case) updates; empty cells keep what is stored; the workflow stays, with a note", () => {
    const plan = planOrderImport(
      [
        row({ projectName: "Bakery", externalReference: "q-7", itemName: "menu", quantity: "3", category: "", priority: "" }, 2),
        row({ externalReference: "q-7", projectName: "Bakery", itemName: "Sign" }, 3),
      ],
      ref,
    );
    expect(plan.issues).toEqual([]);
    expect(plan.projects).toHaveLength(1);
    const p = plan.projects[0]!;
    expect(p).toMatchObject({ action: "update", existingId: 9, name: "Bakery", priority: "low", externalReference: "Q-7", workflow: { id: 2 } });
    expect(p.note).toBe("Keeps its workflow Install; the file names Print. Change it on the project page.");
    expect(p.items.map((i) => [i.action, i.name, i.quantity, i.category, i.changes])).toEqual([
      ["update", "menu", 3, "Banner", ["name Menu → menu", "quantity 1 → 3"]],
      ["create", "Sign", 1, "Banner", []],
    ]);
  });

  test("a due date before a stored start date is a bad line; lines without a reference group by name", () => {
    const plan = planOrderImport(
      [row({ externalReference: "Q-7", projectName: "Bakery", dueDate: "2026-04-01" }, 2), row({}, 3), row({ itemName: "Vinyl" }, 4)],
      ref,
    );
    expect(plan.issues).toEqual([{ line: 2, index: 0, message: "Due date 2026-04-01 is before the project's start date 2026-05-01." }]);
    expect(plan.projects.find((p) => p.name === "Front")!.items.map((i) => i.name)).toEqual(["Letters", "Vinyl"]);
  });
});
