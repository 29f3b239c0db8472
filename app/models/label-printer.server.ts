import { t } from "@lingui/core/macro";
import type { z } from "zod";
import { labelPrinters } from "#db/schema";
import type { LabelPrinterPatchSchema, LabelPrinterSchema } from "~/schemas/settings";
import { getEnv } from "~/infra/env.server";
import { BadRequestError } from "~/domain/errors";
import { crud } from "./crud.server";

// Global Settings → Label Printers: the shop's thermal printers, created, edited and deleted
// with the same audit, version and change notices as every other settings entity.
export type LabelPrinter = typeof labelPrinters.$inferSelect;

/** '9100 or 6101': the ports label printers may be reached on (PRINTER_PORTS). */
export function printerPortsText(): string {
  const ports = getEnv().PRINTER_PORTS.map(String);
  if (ports.length === 1) return ports[0]!;
  const first = ports.slice(0, -1).join(", ");
  const last = ports.at(-1)!;
  return t`${first} or ${last}`;
}

/**
 * Why a printer may not be reached on `port`, or null. Labels go to raw ZPL ports only: any port would let whoever
 * can print probe the shop network's other services through the server.
 */
export function printerPortRefusal(port: number): string | null {
  if (getEnv().PRINTER_PORTS.includes(port)) return null;
  const allowed = printerPortsText();
  return t`Port ${port} is not a label printer port: labels are sent only to port ${allowed}. Whoever runs the server can allow another port with the PRINTER_PORTS setting.`;
}

function checkPort(port: number | undefined) {
  const refusal = port === undefined ? null : printerPortRefusal(port);
  if (refusal) throw new BadRequestError(refusal);
  return {};
}

export const labelPrinterModel = crud<LabelPrinter, z.infer<typeof LabelPrinterSchema>, z.infer<typeof LabelPrinterPatchSchema>>({
  table: labelPrinters,
  entity: "label-printer",
  label: "Label printer",
  uniqueName: true,
  prepareCreate: (input) => checkPort(input.port),
  // Whenever a port is sent (the edit form always sends it); switching a printer off sends none, so a printer saved
  // before the rule can still be switched off or deleted.
  preparePatch: (patch) => checkPort(patch.port),
});
