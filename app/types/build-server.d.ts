// The server bundle (build/server/index.js) is server/app.ts built by Vite with the React Router build inside.
declare module "*/build/server/index.js" {
  const app: typeof import("../../server/app");
  export = app;
}
