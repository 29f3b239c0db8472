// A catalog imported from app/locales is compiled by @lingui/vite-plugin (and by tests/lingui-preload.ts under bun test).
declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
