// The React Router server build (build/server/index.js) has no declarations of its own.
declare module "*/build/server/index.js" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}
