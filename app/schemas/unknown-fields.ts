import { plural, t } from "@lingui/core/macro";
import type { z } from "zod";

// An /api body's fields that its schema does not name (docs/product.md, Decisions: API bodies). zod drops them
// silently, so a misspelt or unsupported field ('language' on a team member) was answered 200 and lost. The forms
// share these schemas and post fields of their own (intent, the CSRF token, a checkbox's hidden twin), so the
// schemas stay as they are and the shared JSON body parser (http/api.server parseBody) asks this first, for every
// route at once.

export type UnknownField = {
  /** Where the object that holds it is ([] for the body itself, ["files", 2] for the third file). */
  at: (string | number)[];
  key: string;
  /** The fields that object takes, for the message. */
  known: string[];
};

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: readonly z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  items?: readonly z.ZodType[];
  rest?: z.ZodType | null;
  getter?: () => z.ZodType;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The fields of `value` (a parsed JSON body) that `schema` does not name, however deep; [] when there are none. */
export function unknownFields(schema: z.ZodType, value: unknown, at: (string | number)[] = []): UnknownField[] {
  const def = defOf(schema);
  switch (def.type) {
    case "object": {
      if (!isObject(value)) return [];
      const shape = def.shape!;
      // A catch-all (a loose object) takes any field; a strict one (catchall never) is checked here all the same.
      const open = def.catchall !== undefined && defOf(def.catchall).type !== "never";
      const out: UnknownField[] = [];
      for (const key of Object.keys(value)) {
        const field = Object.hasOwn(shape, key) ? shape[key] : open ? def.catchall : undefined;
        if (field) out.push(...unknownFields(field, value[key], [...at, key]));
        else out.push({ at, key, known: Object.keys(shape) });
      }
      return out;
    }
    case "array":
      return Array.isArray(value) ? value.flatMap((v, i) => unknownFields(def.element!, v, [...at, i])) : [];
    case "tuple":
      return Array.isArray(value)
        ? value.flatMap((v, i) => {
            const item = def.items![i] ?? def.rest;
            return item ? unknownFields(item, v, [...at, i]) : [];
          })
        : [];
    case "record":
      return isObject(value) ? Object.entries(value).flatMap(([k, v]) => unknownFields(def.valueType!, v, [...at, k])) : [];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return value === undefined || value === null ? [] : unknownFields(def.innerType!, value, at);
    case "pipe":
      // z.preprocess(fn, s) is a pipe from a transform: the value reaches `s` changed only in form (a string made a
      // list), so `s` is what names the fields. Otherwise the input side does.
      return unknownFields(defOf(def.in!).type === "transform" ? def.out! : def.in!, value, at);
    case "lazy":
      return unknownFields(def.getter!(), value, at);
    case "union": {
      // The option that fits best: a field is unknown only when no option takes it.
      let best: UnknownField[] | null = null;
      for (const option of def.options!) {
        const found = unknownFields(option, value, at);
        if (best === null || found.length < best.length) best = found;
        if (found.length === 0) break;
      }
      return best ?? [];
    }
    case "intersection": {
      const right = unknownFields(def.right!, value, at);
      const rightKeys = new Set(right.map((f) => `${f.at.join(".")}/${f.key}`));
      return unknownFields(def.left!, value, at).filter((f) => rightKeys.has(`${f.at.join(".")}/${f.key}`));
    }
    default:
      return [];
  }
}

/** The sentence for an answer: the first object with unknown fields, which fields, and the ones it takes. */
export function unknownFieldsMessage(found: readonly UnknownField[], label: (at: (string | number)[]) => string): string {
  const first = found[0]!;
  const here = found.filter((f) => f.at.join(".") === first.at.join("."));
  const names = here.map((f) => f.key).join(", ");
  const where = label(first.at);
  const sentence = plural(here.length, {
    one: `${where} has a field this call does not take: ${names}.`,
    other: `${where} has fields this call does not take: ${names}.`,
  });
  if (first.known.length === 0) return sentence;
  const known = first.known.join(", ");
  return `${sentence} ${t`It takes: ${known}.`}`;
}
