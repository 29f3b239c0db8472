import { beforeAll, describe, expect, test } from "bun:test";
import type { createApp, Client } from "../helpers/app";
import { seedShop } from "../helpers/shop";

// A file name goes into Content-Disposition as an ASCII stand-in plus the real name (RFC 6266 / 5987): a name
// outside Latin-1 written as it is made the PDF proxy answer 500 (viewer, new tab and download all failed).

const PDF = "%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";
const NAMES = ["Proof – v2.pdf", "設計図 第2版.pdf", "🎉 Banner.pdf", 'Sign "final" 100%.pdf', "Café (neu).pdf", "Plain name.pdf"];

let app: ReturnType<typeof createApp>;
let pm: Client;
let projectId: number;

beforeAll(async () => {
  ({
    app,
    clients: { pm },
    projectIds: [projectId],
  } = await seedShop({
    members: { pm: { name: "Ada", pin: "4321", keys: ["management"], ip: "10.0.0.2" } },
    departments: ["Production"],
    workflow: { name: "W", departmentSequence: ["production"] },
    projects: [{ name: "Job" }],
  }));
});

/** The file name a browser takes from the header: filename* (RFC 5987) when present, else filename. */
function browserFileName(header: string): string {
  const star = /filename\*=UTF-8''([^;\s]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]!);
  return /filename="([^"]*)"/.exec(header)![1]!;
}

describe("design file names outside Latin-1 through /api/pdf-proxy", () => {
  for (const name of NAMES) {
    test(`'${name}': the viewer and the download get the PDF and its real name`, async () => {
      const { uploadURL } = await (await pm.request(`/api/projects/${projectId}/design/upload-url`, { method: "POST" })).json();
      const { uploadedPath } = await (await pm.request(uploadURL, { method: "PUT", headers: { "content-type": "application/pdf" }, body: PDF })).json();
      const saved = await pm.request(`/api/projects/${projectId}/design`, { method: "POST", json: { fileName: name, uploadedPath } });
      expect(saved.status).toBe(201);
      const design = await saved.json();
      const stored = design.fileName as string;
      for (const [query, kind] of [
        ["", "inline"],
        ["&download=1", "attachment"],
      ] as const) {
        const res = await pm.request(`/api/pdf-proxy?url=${encodeURIComponent(design.filePath)}${query}`);
        expect(res.status).toBe(200);
        expect(await res.text()).toBe(PDF);
        const header = res.headers.get("content-disposition")!;
        expect(header.startsWith(`${kind}; filename="`)).toBe(true);
        // The plain filename= is printable ASCII with no quote or backslash inside; the real name is intact.
        const plain = /filename="([^"]*)"/.exec(header)![1]!;
        expect(plain).toMatch(/^[\x20-\x7E]+$/);
        expect(plain).not.toMatch(/[\\%]/);
        expect(plain).toMatch(/\.pdf$/);
        expect(browserFileName(header)).toBe(stored);
      }
    });
  }
});
