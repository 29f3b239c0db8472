import { parseWithZod } from "@conform-to/zod/v4";
import { t } from "@lingui/core/macro";
import { data } from "react-router";
import { BadRequestError } from "~/domain/errors";
import { changedFields, originalOf } from "~/domain/form-changes";
import { parseIdParam } from "~/domain/ids";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { labelPrinterModel, printerPortRefusal, printerPortsText, type LabelPrinter } from "~/models/label-printer.server";
import { LabelPrinterEditFormSchema, LabelPrinterSchema } from "~/schemas/settings";
import { actorFrom } from "~/services/actor.server";
import { domainError, intentOf, invalid, readForm, unreadableForm } from "~/views/form-action.server";
import { requirePermission } from "~/services/permissions.server";
import { shopAddressNote } from "~/services/shop-address.server";
import type { Route } from "./+types/settings-printers";

// Global Settings → Label Printers' loader and action (routes/settings-printers.tsx holds the page).

const HERE = "/settings/printers";

/** The printers, the one an Edit or Delete link opened (?edit=, ?delete=), and why a printer's port is not used. */
export function loadSettingsPrinters({ request }: Route.LoaderArgs) {
  requirePermission(request, "settings:write");
  const url = new URL(request.url);
  const printers = labelPrinterModel.list();
  const pick = (key: string) => {
    const id = parseIdParam(url.searchParams.get(key) ?? "");
    return id === null ? null : (printers.find((p) => p.id === id) ?? null);
  };
  const refused = Object.fromEntries(printers.map((p) => [p.id, printerPortRefusal(p.port)]).filter(([, why]) => why));
  return data(
    { printers, editing: pick("edit"), deleting: pick("delete"), ports: printerPortsText(), refused, addressNote: shopAddressNote(request) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const describe = (p: LabelPrinter) => {
  const { name, host, port, dpi } = p;
  return t`${name} at ${host}:${port} (${dpi} dpi)`;
};
const gone = () => t`This label printer no longer exists. It may have been deleted by someone else.`;

/**
 * The printer forms: add (the form names no intent), edit, switch on or off, delete. A refused add or edit keeps
 * what was typed with the reason in the form (a port the printers may not use under the Port field); the rest
 * go back to the list with a toast.
 */
export async function settingsPrintersAction({ request }: Route.ActionArgs) {
  const user = requirePermission(request, "settings:write");
  const actor = actorFrom(request, user);
  const form = await readForm(request);
  if (!form) return unreadableForm();
  const intent = intentOf(form, ["create", "update", "toggle", "delete"], { fallback: "create" });
  const back = (title: string, description: string, destructive = false) =>
    redirectWithToast(request, HERE, { title, description, variant: destructive ? "destructive" : "default" });

  if (intent === "create") {
    const submission = parseWithZod(form, { schema: LabelPrinterSchema });
    if (submission.status !== "success") return invalid("new", submission.reply());
    try {
      const added = describe(labelPrinterModel.create(submission.value, actor));
      return back(t`Printer added`, `${added}.`);
    } catch (error) {
      const e = domainError(error);
      return invalid("new", submission.reply(e instanceof BadRequestError ? { fieldErrors: { port: [e.message] } } : { formErrors: [e.message] }), e.status);
    }
  }

  const id = parseIdParam(String(form.get("id") ?? ""));
  const printer = id === null ? undefined : labelPrinterModel.get(id);
  if (!printer) return back(t`Error`, gone(), true);
  if (intent === "update") {
    const formId = `edit-${printer.id}`;
    const submission = parseWithZod(form, { schema: LabelPrinterEditFormSchema });
    if (submission.status !== "success") return invalid(formId, submission.reply());
    // Only what this person changed is saved, checked against what the form opened with (decision 0021):
    // someone else's new port survives a rename made in a form opened before it. A post without `_original`
    // (a page drawn before it was sent) is checked by the version it read.
    const original = originalOf(form);
    const { patch, expected } = changedFields(submission.value, original);
    const version = Number(form.get("version"));
    try {
      const saved = labelPrinterModel.update(printer.id, patch, actor, original ? { expected } : { version: Number.isInteger(version) ? version : undefined });
      if (!saved) return back(t`Error`, gone(), true);
      const what = describe(saved);
      return back(t`Printer updated`, saved.isActive ? `${what}.` : t`${what}, switched off.`);
    } catch (error) {
      const e = domainError(error);
      return invalid(formId, submission.reply(e instanceof BadRequestError ? { fieldErrors: { port: [e.message] } } : { formErrors: [e.message] }), e.status);
    }
  }
  try {
    if (intent === "delete") {
      labelPrinterModel.remove(printer.id, actor);
      const name = printer.name;
      return back(t`Printer deleted`, t`${name} is no longer offered for printing.`);
    }
    // The button says what it does ('Switch off'): two people pressing it at once leave the printer off, not on.
    const to = form.get("to");
    const on = to === "on" ? true : to === "off" ? false : !printer.isActive;
    if (on !== printer.isActive) labelPrinterModel.update(printer.id, { isActive: on }, actor);
    const name = printer.name;
    return on
      ? back(t`Printer switched on`, t`${name} is now offered for printing.`)
      : back(t`Printer switched off`, t`${name} is no longer offered for printing.`);
  } catch (error) {
    return back(t`Error`, domainError(error).message, true);
  }
}
