import type { IconName } from "~/components/icons";

// Global Settings' tabs: their names, empty messages and icons (docs/product.md §3).
export const TABS = [
  { key: "products", label: "Products", empty: "No product categories configured", icon: "products" },
  { key: "departments", label: "Departments/Stations", empty: "No departments configured", icon: "departments" },
  { key: "workflows", label: "Project Workflows", empty: "No project workflows configured", icon: "workflows" },
  { key: "materials", label: "Materials", empty: "No material types configured yet.", icon: "materials" },
  { key: "team", label: "Team Members", empty: "No team members added yet", icon: "team" },
] as const satisfies readonly { key: string; label: string; empty: string; icon: IconName }[];
export type TabKey = (typeof TABS)[number]["key"];
