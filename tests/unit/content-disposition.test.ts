import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { asciiFileName, contentDisposition, rfc5987 } from "~/domain/content-disposition";

// RFC 6266 with RFC 5987's filename*: a header may carry Latin-1 only, so a real name goes percent-encoded.

describe("contentDisposition", () => {
  test("a plain ASCII name goes out once, as it is", () => {
    expect(contentDisposition("attachment", "machine-files-template.csv")).toBe('attachment; filename="machine-files-template.csv"');
    expect(contentDisposition("inline", "Bob's sign (2).pdf")).toBe(`inline; filename="Bob's sign (2).pdf"`);
  });

  test("outside ASCII: an ASCII stand-in and the UTF-8 name, percent-encoded", () => {
    expect(contentDisposition("inline", "Proof – v2.pdf")).toBe(`inline; filename="Proof - v2.pdf"; filename*=UTF-8''Proof%20%E2%80%93%20v2.pdf`);
    expect(contentDisposition("attachment", "Café.pdf")).toBe(`attachment; filename="Cafe.pdf"; filename*=UTF-8''Caf%C3%A9.pdf`);
    expect(contentDisposition("inline", "設計図.pdf", "design.pdf")).toBe(`inline; filename="design.pdf"; filename*=UTF-8''%E8%A8%AD%E8%A8%88%E5%9B%B3.pdf`);
    expect(contentDisposition("inline", "🎉.pdf")).toBe(`inline; filename="download.pdf"; filename*=UTF-8''%F0%9F%8E%89.pdf`);
  });

  test("quotes, backslashes, percent signs and control characters cannot break out of the header", () => {
    const header = contentDisposition("attachment", 'a"b\\c%41\r\nSet-Cookie: x=1.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(`attachment; filename="a_b_c_41Set-Cookie: x=1.pdf"; filename*=UTF-8''a%22b%5Cc%2541Set-Cookie%3A%20x%3D1.pdf`);
    expect(() => new Headers({ "Content-Disposition": header })).not.toThrow();
  });

  test("a name made only of control characters takes the fallback", () => {
    expect(contentDisposition("inline", "\u0000\u202E", "design.pdf")).toBe('inline; filename="design.pdf"');
  });

  test("every result is a valid header value", () => {
    for (const name of ["Proof – v2.pdf", "プロジェクト ✓.pdf", "👩‍🔧 Ω ß Æ … “x”.pdf", "\u202Efdp.exe", "Ｆｕｌｌ.pdf"]) {
      const header = contentDisposition("inline", name);
      expect(header).toMatch(/^[\x20-\x7E]+$/);
      expect(() => new Response("", { headers: { "Content-Disposition": header } })).not.toThrow();
    }
  });
});

describe("the pieces", () => {
  test("rfc5987 encodes everything outside attr-char, including ' ( ) *", () => {
    expect(rfc5987("a'b(c)*d e.pdf")).toBe("UTF-8''a%27b%28c%29%2Ad%20e.pdf");
  });
  test("asciiFileName keeps the extension and reads typographic marks as their look-alikes", () => {
    expect(asciiFileName("Straße “final” — v3….pdf")).toBe("Strasse _final_ - v3....pdf");
    expect(asciiFileName("日本語.csv", "export")).toBe("export.csv");
  });
});

test("no route writes a file name into Content-Disposition by hand", () => {
  const root = path.join(import.meta.dir, "..", "..", "app");
  const offenders = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && e.name !== "content-disposition.ts")
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => /filename\*?=/.test(readFileSync(file, "utf8")));
  expect(offenders).toEqual([]);
});
