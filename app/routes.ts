import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Every route is listed here. Screens the later steps build are not listed yet, so they answer the 404 page.
export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("settings", "routes/settings.tsx"),
  route("products/:id", "routes/product-details.tsx"),
  route("items/:id/qr.png", "routes/item-qr.ts", { id: "item-qr-png" }),
  route("items/:id/qr.svg", "routes/item-qr.ts", { id: "item-qr-svg" }),

  route("api/auth/verify-pin", "routes/api/auth.verify-pin.ts"),
  route("api/auth/logout", "routes/api/auth.logout.ts"),
  ...["categories", "departments", "subdepartments", "materials", "machines", "workflows", "step-templates", "team-members"].flatMap(
    (entity) => [
      route(`api/${entity}`, "routes/api/reference.ts", { id: `api-${entity}` }),
      route(`api/${entity}/:id`, "routes/api/reference.ts", { id: `api-${entity}-id` }),
    ],
  ),
  route("api/*", "routes/api/not-found.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
