import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Every route is listed here. Screens the later steps build are not listed yet, so they answer the 404 page.
export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("healthz", "routes/healthz.ts"),

  route("api/auth/verify-pin", "routes/api/auth.verify-pin.ts"),
  route("api/auth/logout", "routes/api/auth.logout.ts"),
  route("api/team-members", "routes/api/team-members.ts"),
  route("api/*", "routes/api/not-found.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
