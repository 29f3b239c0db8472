import { describe, expect, test } from "bun:test";
import { jsonFields, json } from "~/http/api.server";
import { NO_SCAN_BODY, ScanBodySchema } from "~/schemas/scan";

// The scan's answer is built from jsonFields (dates already text, so JSON.stringify stays on its fast path) and an
// empty scan body is taken as NO_SCAN_BODY: neither may change a byte of what a caller gets.

describe("jsonFields", () => {
  const item = {
    id: 7,
    name: "Sign \u201cA\u201d",
    material: null,
    isTimerActive: true,
    currentSessionStart: new Date(Date.UTC(2026, 11, 3, 15, 4, 5, 6)),
    finishedAt: null,
    createdAt: new Date(-1),
    nested: { at: new Date(0), list: [1, "two", null] },
  };

  test("writes the same JSON as the record, in the same key order, with fields added after", async () => {
    expect(JSON.stringify(jsonFields(item))).toBe(JSON.stringify(item));
    const answer = Object.assign(jsonFields(item), { message: "Timer Started", toast: { title: "T", description: "D" } });
    expect(await json(answer).text()).toBe(JSON.stringify({ ...item, message: "Timer Started", toast: { title: "T", description: "D" } }));
    expect(Object.keys(jsonFields(item))).toEqual(Object.keys(item));
  });

  test("a top-level date becomes its JSON text, an invalid one null, as JSON.stringify writes them", () => {
    const fields = jsonFields({ at: new Date(Date.UTC(2026, 0, 2)), bad: new Date(Number.NaN), n: 0 });
    expect(fields).toEqual({ at: "2026-01-02T00:00:00.000Z", bad: null, n: 0 });
  });

  test("only the record's own fields, and the record is left as it was", () => {
    const proto = { inherited: 1 };
    const record = Object.assign(Object.create(proto) as object, { own: new Date(0) });
    expect(jsonFields(record)).toEqual({ own: "1970-01-01T00:00:00.000Z" });
    expect((record as { own: unknown }).own).toBeInstanceOf(Date);
  });
});

test("an empty scan body is what ScanBodySchema makes of {}", () => {
  expect(ScanBodySchema.parse({})).toEqual(NO_SCAN_BODY);
  expect(Object.isFrozen(NO_SCAN_BODY)).toBe(true);
});
