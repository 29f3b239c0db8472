import { describe, expect, test } from "bun:test";
import { formatDateTime, formatListDate, formatLogTime, formatRelative, formatTimelineDate } from "~/domain/dates";
import { departmentLabel, formatCount, intlLocale } from "~/domain/format";
import { dateOrderWords, formatImportDay } from "~/domain/import-dates";
import { orList } from "~/domain/words";
import { withLanguage } from "~/infra/i18n.server";
import { fieldLabel } from "~/schemas/messages";
import { ProjectCreateApiSchema } from "~/schemas/project";

// Dates, numbers and shared words follow the language being spoken: Spanish as written in the US (es-US), in the
// shop's zone; English (and the pseudo-locale's dates) exactly as before.

const ZONE = "America/Chicago";
// 2026-11-23 20:05:09 UTC: 2:05:09 PM on Monday the 23rd in Chicago.
const AT = Date.UTC(2026, 10, 23, 20, 5, 9);
const es = <T>(fn: () => T) => withLanguage(() => "es", fn);
const en = <T>(fn: () => T) => withLanguage(() => "en", fn);
const plainSpaces = (s: string) => s.replace(/[\u202f\u00a0]/g, " ");

describe("dates in Spanish", () => {
  test("the Intl locale follows the language", () => {
    expect(es(intlLocale)).toBe("es-US");
    expect(en(intlLocale)).toBe("en-US");
    expect(withLanguage(() => "en-XA", intlLocale)).toBe("en-US");
    expect(intlLocale()).toBe("en-US");
  });

  test("list, timeline, analytics and log dates are Spanish, in the shop's zone", () => {
    expect(es(() => formatListDate(AT, ZONE))).toBe("lun, 23 de nov");
    expect(es(() => formatTimelineDate(AT, ZONE))).toBe("23 nov 2026");
    expect(plainSpaces(es(() => formatDateTime(AT, ZONE)))).toBe("23 nov, 2:05 p.m.");
    expect(plainSpaces(es(() => formatLogTime(AT, ZONE)))).toBe("23 nov 2026, 2:05:09 p.m.");
    // The zone decides the day: 20:05 UTC is already the 24th in Tokyo.
    expect(es(() => formatListDate(AT, "Asia/Tokyo"))).toBe("mar, 24 de nov");
  });

  test("no date, relative times and the import's words", () => {
    expect(es(() => formatListDate(null, ZONE))).toBe("Sin definir");
    expect(es(() => formatRelative(AT - 5 * 60_000, AT))).toBe("hace 5 minutos");
    expect(es(() => formatRelative(AT - 86_400_000, AT))).toBe("ayer");
    expect(es(() => formatRelative(AT - 10_000, AT))).toBe("justo ahora");
    expect(es(() => formatImportDay("2026-12-18"))).toBe("vie, 18 de dic de 2026");
    expect(es(() => dateOrderWords(true))).toBe("día primero (18/12/2026)");
    expect(es(() => dateOrderWords(false))).toBe("mes primero (12/18/2026)");
  });

  test("English is exactly as it was", () => {
    for (const run of [en, <T>(fn: () => T) => fn()]) {
      expect(run(() => formatListDate(AT, ZONE))).toBe("Mon, Nov 23");
      expect(run(() => formatTimelineDate(AT, ZONE))).toBe("Nov 23, 2026");
      expect(plainSpaces(run(() => formatDateTime(AT, ZONE)))).toBe("Nov 23, 2:05 PM");
      expect(plainSpaces(run(() => formatLogTime(AT, ZONE)))).toBe("Nov 23, 2026, 2:05:09 PM");
      expect(run(() => formatListDate(undefined, ZONE))).toBe("Not set");
      expect(run(() => formatRelative(AT - 5 * 60_000, AT))).toBe("5 minutes ago");
      expect(run(() => formatRelative(AT - 10_000, AT))).toBe("just now");
      expect(run(() => formatImportDay("2026-12-18"))).toBe("Fri, Dec 18, 2026");
      expect(run(() => dateOrderWords(true))).toBe("day first (18/12/2026)");
    }
  });

  test("relative times read as Intl's en-US did, word for word, and in Spanish through the catalog", () => {
    const intl = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
    const steps: [Intl.RelativeTimeFormatUnit, number][] = [
      ["year", 365 * 86400],
      ["month", 30 * 86400],
      ["week", 7 * 86400],
      ["day", 86400],
      ["hour", 3600],
      ["minute", 60],
    ];
    const expected = (seconds: number) => {
      for (const [unit, size] of steps) if (Math.abs(seconds) >= size) return intl.format(Math.trunc(seconds / size), unit);
      return "just now";
    };
    const samples = [0, 30, 59, 60, 61, 119, 120, 3599, 3600, 7200, 86399, 86400, 172800, 604800, 1209600, 2592000, 5184000, 31536000, 63072000];
    for (const s of [...samples, 1000 * 31536000]) {
      for (const sign of [-1, 1]) {
        const at = AT + sign * s * 1000;
        expect(en(() => formatRelative(at, AT))).toBe(expected(sign * s));
        expect(formatRelative(at, AT)).toBe(expected(sign * s));
      }
    }
    expect(es(() => formatRelative(AT - 3 * 604800_000, AT))).toBe("hace 3 semanas");
    expect(es(() => formatRelative(AT + 86_400_000, AT))).toBe("mañana");
    expect(es(() => formatRelative(AT - 604800_000, AT))).toBe("la semana pasada");
    expect(es(() => formatRelative(AT + 2 * 3600_000, AT))).toBe("dentro de 2 horas");
    expect(es(() => formatRelative(AT - 3600_000, AT))).toBe("hace 1 hora");
  });

  test("a Spanish request and an English one at the same time each keep their own dates", async () => {
    const [a, b] = await Promise.all([
      es(async () => {
        await Bun.sleep(5);
        return formatListDate(AT, ZONE);
      }),
      en(async () => {
        await Bun.sleep(1);
        return formatListDate(AT, ZONE);
      }),
    ]);
    expect([a, b]).toEqual(["lun, 23 de nov", "Mon, Nov 23"]);
  });
});

describe("numbers and shared words in Spanish", () => {
  test("counts keep the US grouping in both languages", () => {
    expect(es(() => formatCount(1234567))).toBe("1,234,567");
    expect(en(() => formatCount(1234567))).toBe("1,234,567");
  });

  test("word lists and the default department", () => {
    expect(es(() => orList(["Ada", "Ben", "Cleo"]))).toBe("Ada, Ben o Cleo");
    expect(en(() => orList(["Ada", "Ben", "Cleo"]))).toBe("Ada, Ben or Cleo");
    expect(es(() => departmentLabel(null))).toBe("Preproducción");
    expect(en(() => departmentLabel(null))).toBe("Pre-production");
  });

  test("schema messages are resolved when a value is checked, in that request's language", () => {
    const body = { name: "", workflowId: 1, startDate: "2026-05-02", endDate: "2026-05-01" };
    const messages = (run: <T>(fn: () => T) => T) => run(() => ProjectCreateApiSchema.safeParse(body).error?.issues.map((i) => i.message));
    expect(messages(es)).toEqual(["El nombre del proyecto es obligatorio", "La fecha de entrega es anterior a la fecha de inicio"]);
    expect(messages(en)).toEqual(["Project name is required", "The due date is before the start date"]);
    expect(es(() => fieldLabel(["expectedUserId"]))).toBe('El campo "expectedUserId"');
    expect(en(() => fieldLabel(["expectedUserId"]))).toBe("Expected user id");
  });
});
