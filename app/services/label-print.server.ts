import { plural, t } from "@lingui/core/macro";
import { connect } from "node:net";
import { redirect } from "react-router";
import { writeAudit, type Actor } from "~/models/audit.server";
import { getItem, listProjectItems } from "~/models/item.server";
import { labelPrinterModel, printerPortRefusal, type LabelPrinter } from "~/models/label-printer.server";
import { getProject } from "~/models/project.server";
import { ConflictError, DomainError, NotFoundError } from "~/domain/errors";
import { parseIdParam } from "~/domain/ids";
import { itemQrUrl, qrBaseUrl } from "./shop-address.server";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { labelsZpl, type ZplLabel } from "~/domain/zpl";
import { actorFrom } from "./actor.server";
import { requirePermission } from "./permissions.server";
import { getUser } from "./session.server";

// Sends labels to a thermal printer as ZPL over raw TCP (port 9100). A printer that is off, unplugged or busy
// must not hang the request: the connection and the write each have a deadline, and the answer says which
// printer did not answer, in words a person at the counter can act on.

export const PRINT_TIMEOUT_MS = 5_000;

/** A 504 like a gateway's: the printer, which the server reaches for the person who asked, did not answer in time. */
export class PrinterUnreachable extends DomainError {
  readonly status = 504 as const;
  constructor(printer: Pick<LabelPrinter, "name" | "host" | "port">) {
    const { name, host, port } = printer;
    super(t`The printer "${name}" at ${host}:${port} did not answer. Check that it is switched on and on the network, then try again.`);
    this.name = "PrinterUnreachable";
  }
}

/** Writes the labels' ZPL to the printer and closes the connection; resolves once the bytes are handed over. */
export async function printLabels(
  printer: Pick<LabelPrinter, "name" | "host" | "port" | "dpi">,
  labels: ZplLabel[],
  timeoutMs = PRINT_TIMEOUT_MS,
): Promise<{ bytes: number }> {
  const zpl = await labelsZpl(labels, printer.dpi === 300 ? 300 : 203);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: printer.host, port: printer.port });
    const fail = () => {
      socket.destroy();
      reject(new PrinterUnreachable(printer));
    };
    const timer = setTimeout(fail, timeoutMs);
    socket.once("error", () => {
      clearTimeout(timer);
      fail();
    });
    socket.once("connect", () => {
      socket.end(zpl, () => {
        clearTimeout(timer);
        resolve({ bytes: Buffer.byteLength(zpl) });
      });
    });
  });
}

/**
 * Prints an item's label or every label of a project on a printer of Global Settings, and records it in the audit
 * log. The /api calls and the item and project pages all come here. Throws NotFoundError / ConflictError /
 * PrinterUnreachable with a sentence for the person who asked.
 */
export async function printLabelsFor(
  request: Request,
  actor: Actor,
  target: { itemId: number } | { projectId: number },
  printerId: number,
): Promise<{ printed: number; printer: string; message: string }> {
  const printer = labelPrinterModel.get(printerId);
  if (!printer) throw new NotFoundError(t`Label printer not found`);
  const name = printer.name;
  if (!printer.isActive) throw new ConflictError(t`The printer "${name}" is switched off in Global Settings.`);
  // A printer saved before the port rule (or before PRINTER_PORTS changed) is refused here, before any connection.
  const portRefusal = printerPortRefusal(printer.port);
  if (portRefusal) throw new ConflictError(t`The printer "${name}" cannot be used. ${portRefusal} Change its port in Global Settings → Label printers.`);
  let labels: ZplLabel[];
  if ("itemId" in target) {
    const item = getItem(target.itemId);
    // As its PDF label and qr.png: an item without a stored QR code has no label.
    if (!item) throw new NotFoundError(t`Item not found`);
    if (!item.qrCode) throw new NotFoundError(t`This item has no QR code, so it has no label.`);
    const project = getProject(item.projectId);
    labels = [{ payload: itemQrUrl(request, item.id), itemName: item.name, projectName: project?.name ?? "", material: item.material }];
  } else {
    const project = getProject(target.projectId);
    if (!project) throw new NotFoundError(t`Project not found`);
    labels = projectLabels(request, project);
    if (labels.length === 0) throw new NotFoundError(t`This project has no items to label.`);
  }
  await printLabels(printer, labels);
  writeAudit(actor, {
    action: "print-labels",
    entity: "itemId" in target ? "item" : "project",
    entityId: "itemId" in target ? target.itemId : target.projectId,
    after: { printer: printer.name, labels: labels.length },
  });
  const count = labels.length;
  return {
    printed: count,
    printer: name,
    message: plural(count, { one: `${count} label sent to ${name}.`, other: `${count} labels sent to ${name}.` }),
  };
}

/**
 * A project's labels, every item in id order (not the project page's first 1,000: a roll of labels that silently
 * stops short is worse than a long one). An item without a stored QR code has no label, as its qr.png answers 404.
 * The PDF roll and sheets and the thermal printer print the same list.
 */
export function projectLabels(request: Request, project: { id: number; name: string }): ZplLabel[] {
  // The shop's address is read once for the whole roll, not once a label.
  const base = qrBaseUrl(request);
  return listProjectItems(project.id, 100_000)
    .filter((item) => item.qrCode)
    .map((item) => ({ payload: `${base}${item.id}`, itemName: item.name, projectName: project.name, material: item.material }));
}

/** The printers a 'Print label' form offers. */
export const activePrinters = () =>
  labelPrinterModel
    .list()
    .filter((p) => p.isActive)
    .map((p) => ({ id: p.id, name: p.name }));

/**
 * A page's print form (the item's 'Print label', the project's 'Print to label printer…'): prints, then back to
 * `here` with a toast saying how it went. Works without JavaScript (post-redirect-get).
 */
export async function printFromPage(request: Request, formData: FormData, here: string, target: { itemId: number } | { projectId: number }): Promise<Response> {
  if (!getUser(request)) throw redirect(`/login?redirectTo=${encodeURIComponent(here)}`);
  const user = requirePermission(request, "read");
  const one = "itemId" in target;
  const refused = (description: string) =>
    redirectWithToast(request, here, { title: one ? t`Label not printed` : t`Labels not printed`, description, variant: "destructive" });
  const printerId = parseIdParam(String(formData.get("printerId") ?? ""));
  if (printerId === null) return refused(t`Choose a label printer.`);
  try {
    const done = await printLabelsFor(request, actorFrom(request, user), target, printerId);
    return redirectWithToast(request, here, { title: one ? t`Label sent` : t`Labels sent`, description: done.message });
  } catch (error) {
    if (error instanceof DomainError) return refused(error.message);
    throw error;
  }
}
