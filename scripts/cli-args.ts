// The command line of a bench script that works on a seeded data folder: its options read with node:util's
// parseArgs, --help printing the usage, and a mistake answered with exit 2, the script's name, the sentence and the
// usage (never a stack trace), as tests/request/scripts.test.ts checks for each script.
import { existsSync } from "node:fs";
import path from "node:path";
import { type ParseArgsConfig, parseArgs } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;

export type ScriptArgs = {
  values: Record<string, string | boolean | undefined>;
  /** Exit 2 with the script's name, `message` and the usage. */
  usageError: (message: string) => never;
  /** `--data-dir`: a folder holding a database (scripts/seed-large.ts fills one), else a usage error. */
  seededDir: () => string;
  /** Option `flag` as a whole number, `min` or more, else a usage error. */
  whole: (flag: string, min: number) => number;
};

export function scriptArgs(script: string, usage: string, options: Options): ScriptArgs {
  const usageError = (message: string): never => {
    console.error(`${script}: ${message}\n${usage}`);
    process.exit(2);
  };
  let values: ScriptArgs["values"] = {};
  try {
    values = parseArgs({ options: { ...options, help: { type: "boolean", short: "h" } } }).values as ScriptArgs["values"];
  } catch (error) {
    usageError((error as Error).message);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const seededDir = () => {
    const dataDir = values["data-dir"];
    if (typeof dataDir !== "string") return usageError("--data-dir is needed.");
    if (!existsSync(path.join(dataDir, "shopflow.db"))) usageError(`${dataDir} holds no shopflow.db: seed it first (scripts/seed-large.ts).`);
    return dataDir;
  };
  const whole = (flag: string, min: number) => {
    const n = Number(values[flag]);
    if (!Number.isSafeInteger(n) || n < min) usageError(`--${flag} is a whole number, ${min} or more, not "${values[flag]}".`);
    return n;
  };
  return { values, usageError, seededDir, whole };
}
