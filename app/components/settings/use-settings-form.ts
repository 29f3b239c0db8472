import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/** conform wired for a settings form: the same zod schema validates here and in the route action. */
export function useSettingsForm<S extends z.ZodObject>(
  schema: S,
  id: string,
  defaultValue: Record<string, unknown>,
  lastResult: SubmissionResult<string[]> | null | undefined,
) {
  return useForm<Record<string, any>>({
    id,
    lastResult,
    defaultValue: defaultValue as Record<string, any>,
    constraint: getZodConstraint(schema),
    // Not onBlur: a message appearing when focus leaves a field moves the form under the pointer, and the
    // click that took the focus (e.g. on a department checkbox) would land on the wrong spot.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
