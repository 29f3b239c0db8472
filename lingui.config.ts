import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";
import { catalogFiles } from "./scripts/i18n-catalogs";

// Translations (decision 0049). English is the source: the code's own words, exactly as written. Spanish is
// es/*.po; en-XA is the pseudo-locale the tests render with. Three catalogs, by who loads them
// (scripts/i18n-catalogs.ts): the floor's pages only load `floor`, other pages `office` too, and `server` stays
// on the server.
const files = catalogFiles();
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "es", "en-XA"],
  fallbackLocales: { default: "en" },
  pseudoLocale: { locale: "en-XA", prepend: "⟦", append: "⟧" },
  orderBy: "message",
  format: formatter({ lineNumbers: false }),
  runtimeConfigModule: { i18n: ["~/domain/i18n-runtime", "i18n"] },
  catalogs: (["floor", "office", "server"] as const).map((name) => ({
    path: `<rootDir>/app/locales/{locale}/${name}`,
    include: files[name],
  })),
});
