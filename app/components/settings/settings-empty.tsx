import { Form, Link } from "react-router";
import { STANDARD_DEPARTMENTS } from "~/domain/constants";
import { Icon } from "../icons";
import { btn, EmptyState } from "../ui";
import { TABS, type TabKey } from "./tabs";

function addLabel(tab: TabKey) {
  return { products: "Add Product", departments: "Add Department", workflows: "Add Workflow", materials: "Add Material", team: "Add Team Member" }[tab];
}

/** The tab's Add button: its dialog opens on this page (`&new=1`), with or without JavaScript. */
export function AddLink({ tab, here }: { tab: TabKey; here: string }) {
  return (
    <Link to={`${here}&new=1`} preventScrollReset className={btn.primary}>
      <Icon name="plus" />
      {addLabel(tab)}
    </Link>
  );
}

const EMPTY_HINTS: Record<TabKey, string> = {
  products: "Products are the kinds of work you make, each with the departments it goes through.",
  departments: "",
  workflows: "A workflow is the order of departments a project follows.",
  materials: "Materials are the substrates, films and metals items are made of.",
  team: "Give everyone a PIN and the departments they work in.",
};

/** the product's empty message with the action that fills the tab (docs/design.md "Empty states"). */
export function EmptyTab({ tab, here, empty, hasDepartments }: { tab: TabKey; here: string; empty: string; hasDepartments: boolean }) {
  const icon = TABS.find((t) => t.key === tab)!.icon;
  const needsDepartments = (tab === "products" || tab === "workflows") && !hasDepartments;
  if (tab === "departments") {
    return (
      <EmptyState
        icon={icon}
        title={empty}
        action={
          <>
            <Form method="post">
              <input type="hidden" name="_action" value="add-standard-departments" />
              <button type="submit" className={btn.primary}>
                <Icon name="plus" />
                Add the standard departments
              </button>
            </Form>
            <Link to={`${here}&new=1`} preventScrollReset className={btn.secondary}>
              Add Department
            </Link>
          </>
        }
      >
        The standard departments are {STANDARD_DEPARTMENTS.map((d) => d.name).join(", ")}, added as process departments. Add your printers, cutters and routers
        as machine stations with Add Department.
      </EmptyState>
    );
  }
  return (
    <EmptyState
      icon={icon}
      title={empty}
      action={
        needsDepartments ? (
          <Link to="/settings?tab=departments" className={btn.primary}>
            Set up departments first
          </Link>
        ) : (
          <AddLink tab={tab} here={here} />
        )
      }
    >
      {needsDepartments ? `${tab === "products" ? "A product" : "A workflow"} is a sequence of departments, and none exist yet.` : EMPTY_HINTS[tab]}
    </EmptyState>
  );
}
