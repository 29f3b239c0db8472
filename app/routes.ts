import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Every route is listed here. Screens the later steps build are not listed yet, so they answer the 404 page.
export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("settings", "routes/settings.tsx"),
  route("projects", "routes/projects.tsx"),
  route("projects/:id", "routes/project-detail.tsx"),
  route("products/:id", "routes/product-details.tsx"),
  route("workflows", "routes/workflows.tsx"),
  route("department-views", "routes/department-views.tsx"),
  route("pre-production", "routes/pre-production.tsx"),
  route("items/:id/qr.png", "routes/item-qr.ts", { id: "item-qr-png" }),
  route("items/:id/qr.svg", "routes/item-qr.ts", { id: "item-qr-svg" }),
  route("items/:id/label.pdf", "routes/item-label.ts"),
  route("projects/:id/labels.pdf", "routes/project-labels.ts"),

  route("api/auth/verify-pin", "routes/api/auth.verify-pin.ts"),
  route("api/auth/logout", "routes/api/auth.logout.ts"),
  ...["categories", "departments", "subdepartments", "materials", "machines", "workflows", "step-templates", "team-members"].flatMap(
    (entity) => [
      route(`api/${entity}`, "routes/api/reference.ts", { id: `api-${entity}` }),
      route(`api/${entity}/:id`, "routes/api/reference.ts", { id: `api-${entity}-id` }),
    ],
  ),
  route("api/projects", "routes/api/projects.ts", { id: "api-projects" }),
  route("api/projects-with-metrics", "routes/api/projects.ts", { id: "api-projects-with-metrics" }),
  route("api/projects/:id", "routes/api/projects.ts", { id: "api-projects-id" }),
  route("api/projects/assigned-to/:userId/:department", "routes/api/assigned-projects.ts"),
  route("api/projects/:id/workflow-instances", "routes/api/workflow-steps.ts", { id: "api-workflow-instances" }),
  route("api/projects/:id/refresh-workflow", "routes/api/workflow-steps.ts", { id: "api-workflow-refresh" }),
  route("api/projects/:id/reorder-steps", "routes/api/workflow-steps.ts", { id: "api-workflow-reorder" }),
  route("api/workflow-instances/:id/steps", "routes/api/workflow-steps.ts", { id: "api-workflow-steps" }),
  route("api/workflow-steps/:id", "routes/api/workflow-steps.ts", { id: "api-workflow-step" }),
  route("api/workflow-steps/:id/assign-team-members", "routes/api/workflow-steps.ts", { id: "api-workflow-assign" }),
  route("api/projects/:id/design", "routes/api/design.ts", { id: "api-design" }),
  route("api/projects/:id/design/upload-url", "routes/api/design.ts", { id: "api-design-upload-url" }),
  route("api/uploads/:token", "routes/api/design.ts", { id: "api-uploads" }),
  route("api/pdf-proxy", "routes/api/pdf-proxy.ts"),
  route("api/items", "routes/api/items.ts", { id: "api-items" }),
  route("api/items/:id", "routes/api/items.ts", { id: "api-items-id" }),
  ...["start-timer", "end-timer", "reset-timer", "timer-logs"].map((verb) => route(`api/items/:id/${verb}`, "routes/api/item-timer.ts", { id: `api-items-${verb}` })),
  route("api/*", "routes/api/not-found.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
