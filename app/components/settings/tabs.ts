import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { IconName } from "~/components/icons";

// Global Settings' tabs: their names, empty messages and icons (docs/product.md §3). The words are descriptors,
// translated where they are shown (the reader's language is known only then).
export const TABS = [
  { key: "products", label: msg`Products`, empty: msg`No product categories configured`, icon: "products" },
  { key: "departments", label: msg`Departments/Stations`, empty: msg`No departments configured`, icon: "departments" },
  { key: "workflows", label: msg`Project Workflows`, empty: msg`No project workflows configured`, icon: "workflows" },
  { key: "materials", label: msg`Materials`, empty: msg`No material types configured yet.`, icon: "materials" },
  { key: "team", label: msg`Team Members`, empty: msg`No team members added yet`, icon: "team" },
] as const satisfies readonly { key: string; label: MessageDescriptor; empty: MessageDescriptor; icon: IconName }[];
export type TabKey = (typeof TABS)[number]["key"];
