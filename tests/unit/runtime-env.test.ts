import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { RUNTIME_ENV, runtimeEnvDefaults } from "../../scripts/runtime-env";

// The runtime settings are read as the process starts, so each way of starting the server passes them
// (scripts/runtime-env.ts). The Docker image cannot import them: its Dockerfile must say the same.

/** The variables the Dockerfile's run stage sets with ENV (one or several per instruction, `\` continuing a line). */
function dockerfileEnv(): Record<string, string> {
  const text = readFileSync(path.join(import.meta.dir, "..", "..", "Dockerfile"), "utf8").replace(/\\\n/g, " ");
  const stages = text.split(/^FROM\s/m);
  const run = stages[stages.length - 1]!;
  const env: Record<string, string> = {};
  for (const [, body] of run.matchAll(/^ENV\s+(.+)$/gm)) for (const [, name, value] of body!.matchAll(/(\w+)=(\S+)/g)) env[name!] = value!;
  return env;
}

test("the Docker image starts the server with the same runtime settings as npm start", () => {
  const env = dockerfileEnv();
  expect(env.DATA_DIR).toBe("/data");
  expect(Object.keys(RUNTIME_ENV).length).toBeGreaterThan(0);
  for (const [name, value] of Object.entries(RUNTIME_ENV)) expect({ name, value: env[name] }).toEqual({ name, value });
});

test("a runtime setting already in the environment is left as it is", () => {
  expect(runtimeEnvDefaults({})).toEqual({ ...RUNTIME_ENV });
  const [first, ...others] = Object.keys(RUNTIME_ENV);
  const given = runtimeEnvDefaults({ [first!]: "7", PATH: "/bin" });
  expect(first! in given).toBe(false);
  expect(Object.keys(given).sort()).toEqual(others.sort());
});
