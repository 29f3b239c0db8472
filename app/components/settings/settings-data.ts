import type { Category, Department, Material, PublicTeamMember, Subdepartment, Workflow } from "~/domain/entities";
import type { SequenceDepartment } from "../department-sequence-field";
import type { TabKey } from "./tabs";

/** What Global Settings' loader gives the page: the open tab's records and the departments its pickers offer. */
export type SettingsData = {
  tab: TabKey;
  returnTo: string | null;
  sequenceDepartments: (SequenceDepartment & { id: number })[];
  categories: Category[];
  departments: Department[];
  subdepartments: Subdepartment[];
  workflows: Workflow[];
  materials: Material[];
  teamMembers: PublicTeamMember[];
};
