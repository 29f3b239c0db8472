import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { build } from "../helpers/app";

// One module per /api endpoint (decision 0032): a module that serves several addresses ends up finding out
// which one from the request's last segment, and a new address then quietly falls into the wrong branch. The
// reference data pair is the exception: mounted once per entity, it takes the entity from the path it was
// mounted on.

describe("/api modules", () => {
  test("each /api module serves one address; only the reference data pair is mounted once per entity", () => {
    const perEntity = new Set<object>([build.routes["api-categories"]!.module, build.routes["api-categories-id"]!.module]);
    const addressesOf = new Map<object, string[]>();
    for (const route of Object.values(build.routes)) {
      if (!route?.path?.startsWith("api/") || route.path.endsWith("*")) continue;
      addressesOf.set(route.module, [...(addressesOf.get(route.module) ?? []), route.path]);
    }
    const shared = [...addressesOf].filter(([mod, paths]) => paths.length > 1 && !perEntity.has(mod)).map(([, paths]) => paths);
    expect(shared, "modules that serve several addresses").toEqual([]);
    for (const mod of perEntity) {
      const paths = addressesOf.get(mod) ?? [];
      expect(paths.length, "the reference pair serves every entity").toBe(9);
      expect(paths.every((p) => /^api\/[a-z-]+(\/:id)?$/.test(p))).toBe(true);
    }
  });

  test("no /api module reads which address it was called on from the request", () => {
    const dir = path.join(import.meta.dir, "../../app/routes/api");
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith(".ts"))
      .filter((f) => /\.pathname\b|split\("\/"\)/.test(readFileSync(path.join(dir, f), "utf8")));
    expect(offenders).toEqual([]);
  });
});
