import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { FormAlert } from "~/components/error-focus";
import { OpenedValuesField, useOpenedValues } from "~/components/opened-values";
import {
  btn,
  CancelLink,
  cardClass,
  checkboxClass,
  checkRowClass,
  DeleteConfirmActions,
  EmptyState,
  FieldError,
  inputClass,
  Label,
  PageHeader,
  UrlDialog,
} from "~/components/ui";
import { ShopAddressNotice } from "~/components/shop-address-notice";
import { labelPrinterModel, printerPortRefusal, printerPortsText, type LabelPrinter } from "~/models/label-printer.server";
import { shopAddressNote } from "~/services/shop-address.server";
import { LabelPrinterEditFormSchema, LabelPrinterSchema } from "~/schemas/settings";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { BadRequestError, ConflictError, NotFoundError } from "~/domain/errors";
import { changedFields, originalOf } from "~/domain/form-changes";
import { parseIdParam } from "~/domain/ids";
import { redirectWithToast } from "~/http/toast-cookie.server";
import type { Route } from "./+types/settings-printers";

// Global Settings → Label Printers: the shop's thermal printers (ZPL over TCP port 9100). Items
// and projects print to them with 'Print label'. Works without JavaScript: Edit and Delete open in the URL
// (?edit=, ?delete=), a dialog with JavaScript and a panel on the page without; every change is a form post.

export const meta = () => [{ title: "Label printers · Global Settings · Shopflow" }];

const HERE = "/settings/printers";

export function loader({ request }: Route.LoaderArgs) {
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

const describe = (p: LabelPrinter) => `${p.name} at ${p.host}:${p.port} (${p.dpi} dpi)`;

export async function action({ request }: Route.ActionArgs) {
  const user = requirePermission(request, "settings:write");
  const actor = actorFrom(request, user);
  const form = await request.formData();
  const intent = form.get("intent");
  const back = (title: string, description: string, destructive = false) =>
    redirectWithToast(request, HERE, { title, description, variant: destructive ? "destructive" : "default" });
  if (intent === "toggle" || intent === "delete" || intent === "update") {
    const id = parseIdParam(String(form.get("id") ?? ""));
    const printer = id === null ? undefined : labelPrinterModel.get(id);
    if (!printer) return back("Error", "This label printer no longer exists. It may have been deleted by someone else.", true);
    if (intent === "update") {
      const submission = parseWithZod(form, { schema: LabelPrinterEditFormSchema });
      if (submission.status !== "success") return data({ form: `edit-${printer.id}`, result: submission.reply() }, { status: 400 });
      // Only what this person changed is saved, checked against what the form opened with (docs/decisions/0021):
      // someone else's new port survives a rename made in a form opened before it. A post without `_original`
      // (a page drawn before it was sent) is checked by the version it read.
      const original = originalOf(form);
      const { patch, expected } = changedFields(submission.value, original);
      const version = Number(form.get("version"));
      try {
        const saved = labelPrinterModel.update(
          printer.id,
          patch,
          actor,
          original ? { expected } : { version: Number.isInteger(version) ? version : undefined },
        );
        if (!saved) return back("Error", "This label printer no longer exists. It may have been deleted by someone else.", true);
        return back("Printer updated", `${describe(saved)}${saved.isActive ? "" : ", switched off"}.`);
      } catch (error) {
        if (error instanceof ConflictError)
          return data({ form: `edit-${printer.id}`, result: submission.reply({ formErrors: [error.message] }) }, { status: 409 });
        if (error instanceof BadRequestError)
          return data({ form: `edit-${printer.id}`, result: submission.reply({ fieldErrors: { port: [error.message] } }) }, { status: 400 });
        throw error;
      }
    }
    try {
      if (intent === "delete") {
        labelPrinterModel.remove(printer.id, actor);
        return back("Printer deleted", `${printer.name} is no longer offered for printing.`);
      }
      // The button says what it does ('Switch off'): two people pressing it at once leave the printer off, not on.
      const to = form.get("to");
      const on = to === "on" ? true : to === "off" ? false : !printer.isActive;
      if (on !== printer.isActive) labelPrinterModel.update(printer.id, { isActive: on }, actor);
      return back(on ? "Printer switched on" : "Printer switched off", `${printer.name} is ${on ? "now" : "no longer"} offered for printing.`);
    } catch (error) {
      if (error instanceof ConflictError || error instanceof NotFoundError) return back("Error", error.message, true);
      throw error;
    }
  }
  const submission = parseWithZod(form, { schema: LabelPrinterSchema });
  if (submission.status !== "success") return data({ form: "new", result: submission.reply() }, { status: 400 });
  try {
    const created = labelPrinterModel.create(submission.value, actor);
    return back("Printer added", `${describe(created)}.`);
  } catch (error) {
    if (error instanceof ConflictError) return data({ form: "new", result: submission.reply({ formErrors: [error.message] }) }, { status: 409 });
    if (error instanceof BadRequestError) return data({ form: "new", result: submission.reply({ fieldErrors: { port: [error.message] } }) }, { status: 400 });
    throw error;
  }
}

/** Add (no `printer`) or edit one printer: the same fields, checked by the same schema here and in the action. */
function PrinterForm({ printer, lastResult, ports }: { printer?: LabelPrinter; lastResult?: SubmissionResult<string[]> | null; ports: string }) {
  const schema = printer ? LabelPrinterEditFormSchema : LabelPrinterSchema;
  const busy = useNavigation().state === "submitting";
  const opened = useOpenedValues(
    printer && { name: printer.name, host: printer.host, port: printer.port, dpi: printer.dpi, isActive: printer.isActive },
    lastResult,
  );
  const [form, fields] = useForm({
    id: printer ? `edit-printer-${printer.id}` : "new-printer",
    lastResult,
    defaultValue: opened
      ? { name: opened.name, host: opened.host, port: String(opened.port), dpi: String(opened.dpi), isActive: opened.isActive ? "on" : undefined }
      : { port: "9100", dpi: "203" },
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" action={printer ? `${HERE}?edit=${printer.id}` : HERE} className="mt-3 grid gap-3 sm:grid-cols-2" {...getFormProps(form)}>
      {printer ? (
        <>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={printer.id} />
          <OpenedValuesField values={opened} />
        </>
      ) : null}
      {form.errors?.length ? (
        <FormAlert className="rounded-lg border border-danger-200 bg-danger-50 px-3 py-2 text-sm font-medium text-danger-800 sm:col-span-2">
          {form.errors.join(" ")}
        </FormAlert>
      ) : null}
      <div>
        <Label htmlFor={fields.name.id}>Name</Label>
        <input className={inputClass} placeholder="Counter Zebra" {...getInputProps(fields.name, { type: "text" })} />
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <div>
        <Label htmlFor={fields.host.id}>Address (host name or IP)</Label>
        <input className={inputClass} placeholder="192.168.1.50" {...getInputProps(fields.host, { type: "text" })} />
        <FieldError id={fields.host.errorId} errors={fields.host.errors} />
      </div>
      <div>
        <Label htmlFor={fields.port.id}>Port</Label>
        <input className={inputClass} inputMode="numeric" aria-describedby={`${fields.port.id}-hint`} {...getInputProps(fields.port, { type: "number" })} />
        <p id={`${fields.port.id}-hint`} className="mt-1 text-sm text-ink-muted">
          Port {ports} (label printers only)
        </p>
        <FieldError id={fields.port.errorId} errors={fields.port.errors} />
      </div>
      <div>
        <Label htmlFor={fields.dpi.id}>Resolution</Label>
        <select className={inputClass} {...getSelectProps(fields.dpi)}>
          <option value="203">203 dpi</option>
          <option value="300">300 dpi</option>
        </select>
        <FieldError id={fields.dpi.errorId} errors={fields.dpi.errors} />
      </div>
      {printer ? (
        <label className={`${checkRowClass} sm:col-span-2`}>
          <input {...getInputProps(fields.isActive, { type: "checkbox" })} className={checkboxClass} /> Active (offered for printing)
        </label>
      ) : null}
      {printer ? (
        <div className="flex flex-wrap justify-end gap-3 border-t border-line pt-4 sm:col-span-2">
          <CancelLink to={HERE} />
          <button type="submit" className={btn.primary} disabled={busy}>
            {busy ? "Saving..." : "Save printer"}
          </button>
        </div>
      ) : (
        <div className="sm:col-span-2">
          <button type="submit" className={btn.primary}>
            Add printer
          </button>
        </div>
      )}
    </Form>
  );
}

export default function SettingsPrinters({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { printers, editing, deleting } = loaderData;
  const resultFor = (form: string) => (actionData && "form" in actionData && actionData.form === form ? actionData.result : undefined);
  const newestId = printers.reduce((max, p) => Math.max(max, p.id), 0);
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
      <Link to="/settings" className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        ← Back to Global Settings
      </Link>
      <PageHeader title="Label printers" subtitle="Thermal printers for 2 in × 2 in item labels (ZPL, raw TCP, usually port 9100)." />
      <ShopAddressNotice note={loaderData.addressNote} className="mb-6" />
      {editing ? (
        <UrlDialog title="Edit printer" description={`${editing.name}: its name, address, port, resolution, and whether it is offered.`} closeTo={HERE}>
          <PrinterForm key={editing.id} printer={editing} lastResult={resultFor(`edit-${editing.id}`)} ports={loaderData.ports} />
        </UrlDialog>
      ) : null}
      {deleting ? (
        <UrlDialog title="Delete printer" closeTo={HERE}>
          <Form method="post" action={HERE} className="space-y-4">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={deleting.id} />
            <p className="text-base text-ink wrap-anywhere">
              Are you sure you want to delete "{deleting.name}" ({deleting.host}:{deleting.port})? Items and projects can no longer print to it. This action
              cannot be undone.
            </p>
            <DeleteConfirmActions cancelTo={HERE} />
          </Form>
        </UrlDialog>
      ) : null}
      <section className={`p-5 ${cardClass}`} aria-labelledby="new-printer-heading">
        <h2 id="new-printer-heading" className="text-lg font-semibold text-ink">
          Add a printer
        </h2>
        {/* Drawn afresh once a printer has been added (its key is the newest printer's id): with JavaScript the
            router keeps the page, and the fields would otherwise hand the last printer's name, address and port to
            the next one. A refused add changes no printer, so what was typed stays to be corrected. */}
        <PrinterForm key={newestId} lastResult={resultFor("new")} ports={loaderData.ports} />
      </section>
      <section className={`mt-6 p-5 ${cardClass}`} aria-labelledby="printers">
        <h2 id="printers" className="text-lg font-semibold text-ink">
          Printers
        </h2>
        {printers.length === 0 ? (
          <div className="mt-3">
            <EmptyState icon="qr" title="No label printers yet">
              Add the shop's label printer above; 'Print label' on items and projects then sends to it. Without one, labels print as PDFs.
            </EmptyState>
          </div>
        ) : (
          <table className="table-cards mt-3 w-full text-left text-base">
            <thead className="border-b border-line text-sm text-ink-muted">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Name
                </th>
                <th scope="col" className="py-2 pr-3">
                  Address
                </th>
                <th scope="col" className="py-2 pr-3">
                  Resolution
                </th>
                <th scope="col" className="py-2">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {printers.map((p) => (
                <tr key={p.id}>
                  <td data-label="Name" className="py-3 pr-3 font-medium cell-text">
                    {p.name}
                    {p.isActive ? null : <span className="ml-2 text-sm font-normal text-ink-muted">(off)</span>}
                  </td>
                  <td data-label="Address" className="py-3 pr-3 font-mono text-sm cell-text">
                    {p.host}:{p.port}
                    {loaderData.refused[p.id] ? (
                      <span className="mt-1 block font-sans text-sm font-medium text-danger-800">Not used for printing: {loaderData.refused[p.id]}</span>
                    ) : null}
                  </td>
                  <td data-label="Resolution" className="py-3 pr-3">
                    {p.dpi} dpi
                  </td>
                  <td data-label="Actions" className="py-3">
                    <div className="flex flex-wrap gap-2">
                      <Link to={`${HERE}?edit=${p.id}`} preventScrollReset className={btn.small} aria-label={`Edit ${p.name}`}>
                        Edit
                      </Link>
                      <Form method="post" action={HERE}>
                        <input type="hidden" name="intent" value="toggle" />
                        <input type="hidden" name="id" value={p.id} />
                        <input type="hidden" name="to" value={p.isActive ? "off" : "on"} />
                        <button type="submit" className={btn.small} aria-label={`${p.isActive ? "Switch off" : "Switch on"} ${p.name}`}>
                          {p.isActive ? "Switch off" : "Switch on"}
                        </button>
                      </Form>
                      <Link to={`${HERE}?delete=${p.id}`} preventScrollReset className={btn.smallDanger} aria-label={`Delete ${p.name}`}>
                        Delete
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
