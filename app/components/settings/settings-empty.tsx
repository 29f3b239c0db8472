import { useLingui } from "@lingui/react/macro";
import { Form, Link } from "react-router";
import { STANDARD_DEPARTMENTS } from "~/domain/constants";
import { Icon } from "../icons";
import { btn, EmptyState } from "../ui";
import { TABS, type TabKey } from "./tabs";

function useAddLabel() {
  const { t } = useLingui();
  return (tab: TabKey) =>
    ({ products: t`Add Product`, departments: t`Add Department`, workflows: t`Add Workflow`, materials: t`Add Material`, team: t`Add Team Member` })[tab];
}

/** The tab's Add button: its dialog opens on this page (`&new=1`), with or without JavaScript. */
export function AddLink({ tab, here }: { tab: TabKey; here: string }) {
  const addLabel = useAddLabel();
  return (
    <Link to={`${here}&new=1`} preventScrollReset className={btn.primary}>
      <Icon name="plus" />
      {addLabel(tab)}
    </Link>
  );
}

/** the product's empty message with the action that fills the tab (docs/design.md "Empty states"). */
export function EmptyTab({ tab, here, empty, hasDepartments }: { tab: TabKey; here: string; empty: string; hasDepartments: boolean }) {
  const { t } = useLingui();
  const icon = TABS.find((x) => x.key === tab)!.icon;
  const needsDepartments = (tab === "products" || tab === "workflows") && !hasDepartments;
  if (tab === "departments") {
    // The standard departments' names are what the button creates: the shop's data, as written.
    const standard = STANDARD_DEPARTMENTS.map((d) => d.name).join(", ");
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
                {t`Add the standard departments`}
              </button>
            </Form>
            <Link to={`${here}&new=1`} preventScrollReset className={btn.secondary}>
              {t`Add Department`}
            </Link>
          </>
        }
      >
        {t`The standard departments are ${standard}, added as process departments. Add your printers, cutters and routers as machine stations with Add Department.`}
      </EmptyState>
    );
  }
  const hints: Record<TabKey, string> = {
    products: t`Products are the kinds of work you make, each with the departments it goes through.`,
    departments: "",
    workflows: t`A workflow is the order of departments a project follows.`,
    materials: t`Materials are the substrates, films and metals items are made of.`,
    team: t`Give everyone a PIN and the departments they work in.`,
  };
  return (
    <EmptyState
      icon={icon}
      title={empty}
      action={
        needsDepartments ? (
          <Link to="/settings?tab=departments" className={btn.primary}>
            {t`Set up departments first`}
          </Link>
        ) : (
          <AddLink tab={tab} here={here} />
        )
      }
    >
      {needsDepartments
        ? tab === "products"
          ? t`A product is a sequence of departments, and none exist yet.`
          : t`A workflow is a sequence of departments, and none exist yet.`
        : hints[tab]}
    </EmptyState>
  );
}
