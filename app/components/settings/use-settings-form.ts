import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/** conform wired for a settings form: the same zod schema validates here and in the route action. */
/**
 * The fields are typed by what the form posts (`defaultValue`: strings, lists of strings, "on" for a ticked box);
 * the schema turns that into the record's values, here and in the action.
 */
export function useSettingsForm<S extends z.ZodType, Shape extends Record<string, string | string[] | undefined>>(
  schema: S,
  id: string,
  defaultValue: Shape,
  lastResult: SubmissionResult<string[]> | null | undefined,
) {
  return useForm<Shape, z.output<S>>({
    id,
    lastResult,
    defaultValue: defaultValue as DefaultValue<Shape>,
    constraint: getZodConstraint(schema),
    // Not onBlur: a message appearing when focus leaves a field moves the form under the pointer, and the
    // click that took the focus (e.g. on a department checkbox) would land on the wrong spot.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
