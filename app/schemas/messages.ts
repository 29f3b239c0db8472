import { plural, t } from "@lingui/core/macro";
import { z } from "zod";
import { currentI18n } from "~/domain/i18n-runtime";

// Zod's own texts ('Invalid input: expected number, received NaN') reach nobody: every issue without a message of
// its own becomes a sentence that names the field. Imported by every schema module, so browser and server agree.

/**
 * A schema's message: its text, or a function that gives it when a value is checked, so it speaks the language of
 * the request (or page) being answered, never the one of whoever first imported the schema.
 */
export type Message = string | (() => string);

/** The text of a message, now. */
export const say = (message: Message): string => (typeof message === "function" ? message() : message);

/** zod's parameter for a message resolved at validation time: `.min(1, check(m))`, `z.string(check(m))`. */
export const check = (message: Message) => ({ error: () => say(message) });

/** 'expectedUserId' → 'Expected user id'; a list index names its entry. Other languages name the field as sent. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  if (!path || path.length === 0) return t`The request body`;
  if (currentI18n().locale !== "en") {
    const name = path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("");
    return t({
      message: `The field ${name}`,
      comment: "Not used in English. Names a field of a form or of an /api body by its code, e.g. expectedUserId, as the subject of a sentence (…is required).",
    });
  }
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

function typeName(expected: string): string {
  switch (expected) {
    case "number":
      return t`a number`;
    case "int":
      return t`a whole number`;
    case "string":
      return t`text`;
    case "boolean":
      return t`true or false`;
    case "array":
      return t`a list`;
    case "object":
      return t`an object`;
    case "date":
      return t`a date`;
    default:
      return t`of type ${expected}`;
  }
}

export function issueMessage(issue: z.core.$ZodRawIssue): string {
  const field = fieldLabel(issue.path);
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined) return t`${field} is required.`;
      const type = typeName(String(issue.expected));
      return t`${field} must be ${type}.`;
    }
    case "too_small": {
      const min = issue.minimum as number;
      // The count as written (1000, not 1,000), as the English always had it.
      const count = String(min);
      if (issue.origin === "string")
        return min <= 1
          ? t`${field} is required.`
          : plural(min, { one: `${field} must be at least ${count} character.`, other: `${field} must be at least ${count} characters.` });
      if (issue.origin === "array" || issue.origin === "set")
        return plural(min, { one: `${field} must have at least ${count} entry.`, other: `${field} must have at least ${count} entries.` });
      return issue.inclusive === false ? t`${field} must be greater than ${count}.` : t`${field} must be at least ${count}.`;
    }
    case "too_big": {
      const max = issue.maximum as number;
      const count = String(max);
      if (issue.origin === "string")
        return plural(max, { one: `${field} must be at most ${count} character.`, other: `${field} must be at most ${count} characters.` });
      if (issue.origin === "array" || issue.origin === "set")
        return plural(max, { one: `${field} must have at most ${count} entry.`, other: `${field} must have at most ${count} entries.` });
      return issue.inclusive === false ? t`${field} must be less than ${count}.` : t`${field} must be at most ${count}.`;
    }
    case "invalid_format":
      if (issue.format === "email") return t`${field} must be a valid email address.`;
      if (issue.format === "url") return t`${field} must be a valid web address.`;
      return t`${field} is not in the expected format.`;
    case "invalid_value": {
      // An enum or a literal: a missing value is required; a wrong one is answered with the values it may be.
      if (issue.input === undefined || issue.input === "") return t`${field} is required.`;
      const values = (issue.values as unknown[]).map(String);
      const value = values[0];
      const list = values.join(", ");
      return values.length === 1 ? t`${field} must be ${value}.` : t`${field} must be one of ${list}.`;
    }
    case "unrecognized_keys": {
      const keys = (issue.keys as string[]).join(", ");
      return t`${field} has unknown fields: ${keys}.`;
    }
    case "not_multiple_of": {
      const divisor = String(issue.divisor);
      return t`${field} must be a multiple of ${divisor}.`;
    }
    default:
      return t`${field} is not valid.`;
  }
}

// jitless: zod would otherwise probe `new Function` to compile parsers, which the Content-Security-Policy (no
// unsafe-eval) reports as a violation on every page that loads a schema.
const customError = (issue: z.core.$ZodRawIssue) => issueMessage(issue);
z.config({ customError, jitless: true });

/**
 * Makes zod's messages this copy's again. zod keeps one configuration per process, and a test process can hold a
 * second copy of this module (a unit test's source import beside the server bundle, decision 0047) whose messages
 * translate with a runtime no request speaks through: the server calls this as it starts each request.
 */
export function claimZodMessages() {
  if (z.config().customError !== customError) z.config({ customError, jitless: true });
}

/**
 * A choice from a fixed list. Its own message (`missing`, e.g. 'Priority is required') is for a missing value only: a
 * wrong one always gets the shared sentence naming the allowed values ('Priority must be one of rush, high, medium,
 * low.'), which a message given to z.enum would hide. Every enum of the schemas is made with it.
 */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, missing?: Message) {
  return z.enum(values, { error: (issue) => (missing && (issue.input === undefined || issue.input === "") ? say(missing) : undefined) });
}

export { z };
