import { t } from "@lingui/core/macro";

// Machine-file rules of docs/product.md §2/§3, shared by the screens (browser) and the server.

/** 'File for {machine}' is the stand-in description of a file saved without a material (docs/product.md §9). */
const isPlaceholderDescription = (description: string | null | undefined) => !description?.trim() || /^File for /.test(description);

type MaterialSource = { description: string | null; itemMaterial?: string | null };
const knownMaterial = (f: MaterialSource) => (isPlaceholderDescription(f.description) ? f.itemMaterial?.trim() : f.description!.trim()) || null;

/** What a file is cut or printed on: its material (the description), else its item's, else 'Unknown' (translated). */
export function machineFileMaterial(f: MaterialSource): string {
  return knownMaterial(f) ?? t`Unknown`;
}

/** docs/product.md §3 'QR payload of a machine file', as the JSON text the code encodes. */
export function machineFileQrPayload(
  f: { id: number; fileName: string; projectName?: string | null; description: string | null; itemMaterial?: string | null; fileOwnerName?: string | null },
  machineName: string,
): string {
  return JSON.stringify({
    type: "machine-file",
    fileId: f.id,
    fileName: f.fileName,
    machine: machineName,
    project: f.projectName ?? null,
    // The code's text is data a scanner reads: the same words whatever the language of the page that drew it.
    material: knownMaterial(f) ?? "Unknown",
    fileOwner: f.fileOwnerName ?? null,
  });
}

export type FileIndicator = "match" | "mismatch" | "none";

const norm = (s: string) => s.trim().toLowerCase();

/**
 * docs/product.md §2 file indicator: green when the description of every assigned print or cut file equals the item's
 * material (trimmed, any case), red pulsing on a mismatch, a dash without files.
 */
export function fileIndicator(itemMaterial: string, fileDescriptions: readonly string[]): FileIndicator {
  if (fileDescriptions.length === 0) return "none";
  return fileDescriptions.every((d) => norm(d) === norm(itemMaterial)) ? "match" : "mismatch";
}

export const FILE_INDICATOR_TEXT: Record<FileIndicator, string> = {
  match: "Files match the item's material",
  mismatch: "A file's material differs from the item's",
  none: "No files",
};

/** FILE_INDICATOR_TEXT in the language being spoken. */
export function fileIndicatorText(indicator: FileIndicator): string {
  if (indicator === "match") return t`Files match the item's material`;
  if (indicator === "mismatch") return t`A file's material differs from the item's`;
  return t`No files`;
}
