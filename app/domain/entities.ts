// Browser-safe shapes of the records screens receive (docs/product.md §3). The drizzle schema must stay assignable to
// these: app/models/entities.check.server.ts fails the typecheck when the two drift apart.

export type Category = {
  id: number;
  name: string;
  description: string;
  departmentSequence: string[];
  color: string;
  version: number;
  createdAt: Date;
};

export type Department = {
  id: number;
  name: string;
  value: string;
  description: string;
  color: string;
  sortOrder: number;
  isActive: boolean;
  isMachine: boolean;
  machineStatus: string;
  category: string;
  version: number;
  createdAt: Date;
};

export type Subdepartment = {
  id: number;
  name: string;
  value: string;
  description: string;
  departmentId: number;
  color: string;
  sortOrder: number;
  isActive: boolean;
  version: number;
  createdAt: Date;
};

export type Material = {
  id: number;
  name: string;
  description: string;
  category: string;
  color: string;
  version: number;
  createdAt: Date;
};

export type Workflow = {
  id: number;
  name: string;
  description: string;
  departmentSequence: string[];
  version: number;
  createdAt: Date;
};

/** What any API or screen may see of a member: never the PIN or its hash. */
export type PublicTeamMember = {
  id: number;
  name: string;
  email: string | null;
  department: string | null;
  subdepartment: string | null;
  skills: string[];
  accessibleDepartments: string[];
  profilePhotoUrl: string | null;
  isActive: boolean;
  version: number;
  createdAt: Date;
  hasPin: true;
};

/** The signed-in user of docs/product.md §3, as verify-pin answers it. */
export type SignedInUser = {
  id: number;
  name: string;
  email: string | null;
  department: string | null;
  subdepartment: string | null;
  skills: string[];
  accessibleDepartments: string[];
};
