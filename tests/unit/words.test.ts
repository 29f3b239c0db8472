// Sentences built from names: possessives ("Channel Letters'"), lists of people to ask, drag-and-drop
// announcements in names and positions, and the QR image upload's word on a file that is not a picture.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { dragInstructions, sortableAnnouncements } from "~/components/drag-announcements";
import { notAnImageMessage } from "~/domain/image-upload";
import { orList, possessive } from "~/domain/words";
import { auditFieldLabel } from "~/domain/audit-words";
import { workingSpan } from "~/domain/forecast-words";

describe("possessive", () => {
  test("a name ending in s takes the apostrophe alone; any other takes 's", () => {
    expect(possessive("Channel Letters")).toBe("Channel Letters'");
    expect(possessive("Vehicle Wraps ")).toBe("Vehicle Wraps'");
    expect(possessive("BOSS")).toBe("BOSS'");
    expect(possessive("Monument Sign")).toBe("Monument Sign's");
    expect(possessive("Vinyl Banner")).toBe("Vinyl Banner's");
  });

  test("no screen builds a possessive from a name by hand (`${name}'s`): they use possessive()", () => {
    const root = path.join(import.meta.dir, "..", "..", "app");
    const offenders: string[] = [];
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      if (path.relative(root, file) === path.join("domain", "words.ts")) continue; // possessive() itself
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          // A template or JSX expression followed by 's: `${x}'s` or {x}'s (straight or typographic apostrophe).
          if (/\}['’]s\b/.test(line)) offenders.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});

describe("counts of time", () => {
  test("one of a unit is singular: '1 working minute', then '2 working minutes'", () => {
    expect(workingSpan(30, 8)).toBe("1 working minute");
    expect(workingSpan(60, 8)).toBe("1 working minute");
    expect(workingSpan(120, 8)).toBe("2 working minutes");
  });

  test("no message puts a count before a unit by hand ('{n} minutes'): it says it with plural()", () => {
    const root = path.join(import.meta.dir, "..", "..", "app");
    // Counts that are never 1: a decimal ('every 1.5 seconds'), the analytics' default range and the schedule's
    // horizon (SCHEDULE_DAYS working days).
    const neverOne = [/^every \$\{seconds\} seconds$/, /^Last \$\{DEFAULT_RANGE_DAYS\} days$/, /next \$\{days\} working days/];
    const offenders: string[] = [];
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          for (const m of line.matchAll(/\bt`([^`]*)`/g)) {
            const text = m[1]!;
            if (!/\$\{[^}]+\} (?:[a-z]+ )?(?:seconds|minutes|hours|days|weeks|months|years)\b/.test(text)) continue;
            if (neverOne.some((ok) => ok.test(text))) continue;
            offenders.push(`${path.relative(root, file)}:${i + 1}: ${text}`);
          }
        });
    }
    expect(offenders).toEqual([]);
  });
});

test("orList names one, two or more people", () => {
  expect(orList([])).toBe("");
  expect(orList(["Ada"])).toBe("Ada");
  expect(orList(["Ada", "Ben"])).toBe("Ada or Ben");
  expect(orList(["Ada", "Ben", "Cleo"])).toBe("Ada, Ben or Cleo");
});

describe("drag-and-drop announcements", () => {
  const names: Record<string, string> = { 11: "Banner.pdf", 12: "Wrap.pdf", 13: "Logo.dxf" };
  const { announcements: a, screenReaderInstructions } = sortableAnnouncements([11, 12, 13], (id) => names[String(id)]!, { offset: 20, total: 30 });
  const node = (id: number) => ({ id }) as never;

  test("say the row's name and its place in the whole list, never ids", () => {
    expect(a.onDragStart({ active: node(12) } as never)).toBe("Picked up Wrap.pdf at position 22 of 30.");
    // dnd-kit reports the row over itself right after the pick-up: nothing new to say.
    expect(a.onDragOver({ active: node(12), over: node(12) } as never)).toBeUndefined();
    expect(a.onDragOver({ active: node(12), over: node(13) } as never)).toBe("Moving Wrap.pdf to position 23 of 30.");
    expect(a.onDragOver({ active: node(12), over: node(12) } as never)).toBe("Moving Wrap.pdf to position 22 of 30.");
    expect(a.onDragOver({ active: node(12), over: null } as never)).toBe("Wrap.pdf is not over the list.");
    expect(a.onDragEnd({ active: node(12), over: node(11) } as never)).toBe("Moved Wrap.pdf to position 21 of 30.");
    expect(a.onDragEnd({ active: node(12), over: node(12) } as never)).toBe("Wrap.pdf stays at position 22 of 30.");
    expect(a.onDragCancel({ active: node(13), over: null } as never)).toBe("Cancelled. Logo.dxf stays at position 23 of 30.");
    expect(screenReaderInstructions.draggable).toBe(dragInstructions());
  });

  test("an unpaged list counts its own rows", () => {
    const { announcements } = sortableAnnouncements(["pre-production", "production"], (id) => String(id).toUpperCase());
    expect(announcements.onDragEnd({ active: node("production" as never), over: node("pre-production" as never) } as never)).toBe(
      "Moved PRODUCTION to position 1 of 2.",
    );
  });
});

describe("the QR image upload", () => {
  const file = (bytes: number[] | string, name: string, type = "") => new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });

  test("a PDF says it is a PDF, whatever its name or type claims", async () => {
    const pdf = "%PDF-1.7\n1 0 obj";
    expect(await notAnImageMessage(file(pdf, "Label 12.pdf", "application/pdf"))).toBe(
      "“Label 12.pdf” is a PDF, not an image. Upload a photo or screenshot of the label (JPEG or PNG), or scan the printed label.",
    );
    expect(await notAnImageMessage(file(pdf, "label.png", "image/png"))).toContain("is a PDF, not an image.");
  });

  test("pictures pass; anything else is not an image", async () => {
    expect(await notAnImageMessage(file([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a], "label.png"))).toBeNull();
    expect(await notAnImageMessage(file([0xff, 0xd8, 0xff, 0xe0], "photo.jpg"))).toBeNull();
    expect(await notAnImageMessage(file([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63], "IMG_0001.HEIC"))).toBeNull();
    expect(await notAnImageMessage(file("<svg xmlns='http://www.w3.org/2000/svg'/>", "qr.svg", "image/svg+xml"))).toBeNull();
    expect(await notAnImageMessage(file("File Name,Machine\n", "files.csv", "text/csv"))).toBe(
      "“files.csv” is not an image. Upload a photo or screenshot of the label (JPEG or PNG), or scan the printed label.",
    );
  });
});

describe("the History's field names", () => {
  test("a project's end date is its due date; a workflow step's stays its end date", () => {
    expect(auditFieldLabel("endDate", "project")).toBe("Due date");
    expect(auditFieldLabel("endDate", "workflow-step")).toBe("End date");
    expect(auditFieldLabel("endDate")).toBe("End date");
    expect(auditFieldLabel("percentComplete", "project")).toBe("Completion %");
  });
});
