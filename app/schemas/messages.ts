import { z } from "zod";

// Zod's own texts ('Invalid input: expected number, received NaN') reach nobody: every issue without a message of
// its own becomes a sentence that names the field. Imported by every schema module, so browser and server agree.

/** 'expectedUserId' → 'Expected user id'; a list index names its entry. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  if (!path || path.length === 0) return "The request body";
  const parts = path.map((p) =>
    typeof p === "number"
      ? `entry ${p + 1}`
      : String(p)
          .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
          .replace(/[_-]+/g, " ")
          .toLowerCase(),
  );
  const text = parts.join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const TYPE_NAMES: Record<string, string> = {
  number: "a number",
  int: "a whole number",
  string: "text",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  date: "a date",
};

const plural = (n: number | bigint, one: string) => `${n} ${one}${Number(n) === 1 ? "" : "s"}`;

export function issueMessage(issue: z.core.$ZodRawIssue): string {
  const field = fieldLabel(issue.path);
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return `${field} is required.`;
      return `${field} must be ${TYPE_NAMES[issue.expected as string] ?? `of type ${String(issue.expected)}`}.`;
    case "too_small": {
      const min = issue.minimum as number;
      if (issue.origin === "string") return min <= 1 ? `${field} is required.` : `${field} must be at least ${plural(min, "character")}.`;
      if (issue.origin === "array" || issue.origin === "set") return `${field} must have at least ${plural(min, "entry")}.`.replace("entrys", "entries");
      return `${field} must be ${issue.inclusive === false ? "greater than" : "at least"} ${min}.`;
    }
    case "too_big": {
      const max = issue.maximum as number;
      if (issue.origin === "string") return `${field} must be at most ${plural(max, "character")}.`;
      if (issue.origin === "array" || issue.origin === "set") return `${field} must have at most ${plural(max, "entry")}.`.replace("entrys", "entries");
      return `${field} must be ${issue.inclusive === false ? "less than" : "at most"} ${max}.`;
    }
    case "invalid_format":
      if (issue.format === "email") return `${field} must be a valid email address.`;
      if (issue.format === "url") return `${field} must be a valid web address.`;
      return `${field} is not in the expected format.`;
    case "invalid_value": {
      // An enum or a literal: a missing value is required; a wrong one is answered with the values it may be.
      if (issue.input === undefined || issue.input === "") return `${field} is required.`;
      const values = (issue.values as unknown[]).map(String);
      return values.length === 1 ? `${field} must be ${values[0]}.` : `${field} must be one of ${values.join(", ")}.`;
    }
    case "unrecognized_keys":
      return `${field} has unknown fields: ${(issue.keys as string[]).join(", ")}.`;
    case "not_multiple_of":
      return `${field} must be a multiple of ${String(issue.divisor)}.`;
    default:
      return `${field} is not valid.`;
  }
}

// jitless: zod would otherwise probe `new Function` to compile parsers, which the Content-Security-Policy (no
// unsafe-eval) reports as a violation on every page that loads a schema.
z.config({ customError: (issue) => issueMessage(issue), jitless: true });

/**
 * A choice from a fixed list. Its own message (`missing`, e.g. 'Priority is required') is for a missing value only: a
 * wrong one always gets the shared sentence naming the allowed values ('Priority must be one of rush, high, medium,
 * low.'), which a message given to z.enum would hide. Every enum of the schemas is made with it.
 */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, missing?: string) {
  return z.enum(values, { error: (issue) => (missing && (issue.input === undefined || issue.input === "") ? missing : undefined) });
}

export { z };
