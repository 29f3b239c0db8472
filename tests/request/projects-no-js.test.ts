import { expect, test } from "bun:test";
import * as schema from "#db/schema";
import { open, type HtmlPage } from "../helpers/html-form";
import { seedShop } from "../helpers/shop";
import { hooks } from "../helpers/app";

const { getDb } = hooks;

// The projects list without JavaScript, through the page's own links and forms (tests/helpers/html-form.ts): create a
// project from a workflow, land on it, edit its priority there, sort the list by priority, delete it. The browser
// walk with JavaScript is tests/e2e/projects.e2e.ts.

/**
 * A browser's HTML parser lowercases attribute names, so React's `noValidate=` is the form's novalidate; linkedom
 * keeps the case, and html-form.ts asks for the lowercase name.
 */
function asBrowserParses(page: HtmlPage): HtmlPage {
  for (const el of page.$$("*")) {
    for (const name of el.getAttributeNames()) {
      if (name !== name.toLowerCase() && !el.hasAttribute(name.toLowerCase())) el.setAttribute(name.toLowerCase(), el.getAttribute(name)!);
    }
  }
  return page;
}

test("create, edit, sort and delete a project through the page's forms", async () => {
  const {
    clients: { pm },
    workflowId,
  } = await seedShop({
    ipBase: "10.44.1",
    members: {
      admin: { name: "Ada Admin", pin: "4321", keys: ["management"] },
      pm: { name: "Pat PM", pin: "1111", keys: ["project-management"] },
    },
    departments: ["Pre-Production", "Production"],
    workflow: { name: "Standard", departmentSequence: ["pre-production", "production"] },
    // Others on the list, so the sort has something to order.
    projects: [
      { name: "Quiet One", priority: "low" },
      { name: "Middle One", priority: "medium" },
    ],
  });
  const projects = () => getDb().select().from(schema.projects).all();
  const name = "Storefront Letters";

  const list = await open(pm, "/projects");
  expect(list.$("h1")?.textContent).toBe("Projects");
  // New Project opens the form as a panel of the list's own address.
  const creating = asBrowserParses(await list.click("New Project"));
  expect(creating.url.search).toBe("?dialog=new-project");
  expect(creating.$('section[aria-label="Create New Project"] form')).not.toBeNull();

  // Nothing typed: the form comes back with its message, nothing written.
  const refused = asBrowserParses(await creating.form({ button: "Create Project" }).submit("Create Project"));
  expect(refused.status).toBe(400);
  expect(refused.text()).toContain("Project name is required");
  expect(projects()).toHaveLength(2);

  const created = await refused
    .form({ button: "Create Project" })
    .fill({ name, description: "Storefront letters, request test", priority: "low", workflowId: "Standard" })
    .submit("Create Project");
  const id = projects().find((p) => p.name === name)!.id;
  expect(created.url.pathname).toBe(`/projects/${id}`);
  expect(created.text()).toContain("Project created successfully!");
  expect(created.textOf("h1")).toBe(name);
  expect(projects().find((p) => p.id === id)).toMatchObject({ priority: "low", workflowId, description: "Storefront letters, request test" });

  // Edit from the project screen: back on the project screen afterwards.
  const editing = await created.click("Edit Project");
  const edited = await editing
    .form({ button: "Update Project", within: 'section[aria-label="Edit Project"]' })
    .fill({ priority: "rush" })
    .submit("Update Project");
  expect(edited.url.pathname).toBe(`/projects/${id}`);
  expect(edited.url.search).toBe("");
  expect(edited.text()).toContain("Project updated successfully!");
  expect(edited.text()).toContain("RUSH");
  expect(projects().find((p) => p.id === id)).toMatchObject({ name, priority: "rush" });

  // Sorted by priority, the rush project comes first.
  const sorted = await (await open(pm, "/projects")).click(/^Priority/);
  expect(sorted.url.searchParams.get("sort")).toBe("priority");
  expect(sorted.url.searchParams.get("dir")).toBe("desc");
  const names = sorted.$$("tbody tr").map((r) => r.querySelector("a")?.textContent?.trim());
  expect(names).toEqual([name, "Middle One", "Quiet One"]);

  // Delete asks first, then the project is gone from the list.
  const asking = await sorted.click(`Delete ${name}`);
  expect(asking.textOf('section[aria-label="Delete Project"]')).toContain("This action cannot be undone. All items of this project will also be deleted.");
  const deleted = await asking.form({ button: "Delete Project" }).submit("Delete Project");
  expect(deleted.url.pathname).toBe("/projects");
  expect(deleted.text()).toContain("Project deleted successfully!");
  expect(deleted.$$("a").filter((a) => a.textContent?.trim() === name)).toHaveLength(0);
  expect(projects().map((p) => p.name)).toEqual(["Quiet One", "Middle One"]);
});
