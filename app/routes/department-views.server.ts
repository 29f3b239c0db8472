import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { redirect } from "react-router";
import type { IconName } from "~/components/icons";
import { activeHoldersOf } from "~/models/team-member.server";
import { can, requireUser, type Permission } from "~/services/permissions.server";
import { i18n } from "~/domain/i18n-runtime";
import type { Route } from "./+types/department-views";

/** docs/product.md §2 Department Views: what a signed-out visitor is told. */
export const departmentViewsSignedOutMessage = () => t`Please login first using the Login button in the header to access department views.`;

// Each card and what opening its screen takes: the same permission its loader asks for, so a card that opens never
// leads to 'Access Denied'. `key`: the department key that gives it (null: any signed-in member may open it).
const VIEWS: { title: MessageDescriptor; to: string; icon: IconName; text: MessageDescriptor; permission: Permission; key: string | null }[] = [
  {
    title: msg`Pre-Production`,
    to: "/pre-production",
    icon: "edit",
    text: msg`Design, estimating and the projects assigned to you`,
    permission: "screen:pre-production",
    key: "pre-production",
  },
  {
    title: msg`Production`,
    to: "/production",
    icon: "production",
    text: msg`Machine queues and the production floor`,
    permission: "screen:production",
    key: "production",
  },
  {
    title: msg`Fabrication`,
    to: "/fabrication",
    icon: "fabrication",
    text: msg`Interior and exterior fabrication stations`,
    permission: "screen:fabrication",
    key: "fabrication",
  },
  {
    title: msg`Project Management`,
    to: "/projects",
    icon: "folder",
    text: msg`Every project, its steps, items and progress`,
    permission: "read",
    key: null,
  },
];

const slug = (s: string | null | undefined) =>
  (s ?? "")
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export function loader({ request }: Route.LoaderArgs) {
  const user = requireUser(request, departmentViewsSignedOutMessage());
  // A member of Pre-Production goes straight to their dashboard, when their keys open it (not to 'Access Denied').
  if (slug(user.department) === "pre-production" && can(user, "screen:pre-production")) throw redirect("/pre-production");
  const views = VIEWS.map(({ permission, title, text, ...v }) => ({ ...v, title: i18n._(title), text: i18n._(text), open: can(user, permission) }));
  return { views, keyGivers: views.some((v) => !v.open) ? activeHoldersOf("management") : [] };
}
