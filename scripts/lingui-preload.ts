// Preloaded by Bun for the tests and the scripts that load the app's source (bunfig.toml): the Lingui macros and
// the .po catalogs are compiled by the Vite plugin in a build, and here by the same two Lingui tools, so a source
// module runs under `bun test` or `bun scripts/…` as it does in the build (decision 0049).
import path from "node:path";
import { plugin } from "bun";

const MACRO = /from\s+["']@lingui\/(core|react)\/macro["']/;

plugin({
  name: "lingui",
  setup(build) {
    let config: Promise<import("@lingui/conf").LinguiConfigNormalized> | undefined;
    const linguiConfig = () => (config ??= import("@lingui/conf").then(({ getConfig }) => getConfig({ cwd: path.join(import.meta.dir, "..") })));

    build.onLoad({ filter: /\/app\/.*\.tsx?$/ }, async ({ path: file }) => {
      const code = await Bun.file(file).text();
      const loader = file.endsWith("x") ? "tsx" : "ts";
      if (!MACRO.test(code)) return { contents: code, loader };
      const { transform, mapMacroOptions } = await import("@lingui/native-tools");
      const result = await transform(code, path.basename(file), {
        macro: { descriptorFields: "all", ...mapMacroOptions(await linguiConfig()) },
        sourceMaps: "inline",
      });
      // TypeScript comes out as JavaScript with its JSX kept.
      return { contents: result.code, loader: loader === "tsx" ? "jsx" : "js" };
    });

    build.onLoad({ filter: /\.po$/ }, async ({ path: file }) => {
      const cfg = await linguiConfig();
      const { getCatalogs, getCatalogForFile, createCompiledCatalog } = await import("@lingui/cli/api");
      const found = getCatalogForFile(path.relative(cfg.rootDir, file), await getCatalogs(cfg));
      if (!found) throw new Error(`${file} is not one of lingui.config.ts's catalogs`);
      const { messages } = await found.catalog.getTranslations(found.locale, { fallbackLocales: cfg.fallbackLocales, sourceLocale: cfg.sourceLocale });
      const pseudo = cfg.pseudoLocale.find((p) => p.locale === found.locale);
      const { source } = createCompiledCatalog(found.locale, messages, { namespace: "es", pseudoLocale: pseudo?.locale, pseudoLocaleOptions: pseudo?.options });
      return { contents: source, loader: "js" };
    });
  },
});
