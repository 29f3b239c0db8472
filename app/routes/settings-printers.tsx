import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData } from "react-router";
import { btn, cardClass, EmptyState, FieldError, inputClass, Label, PageHeader } from "~/components/ui";
import { labelPrinterModel } from "~/models/label-printer.server";
import { LabelPrinterSchema } from "~/schemas/settings";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { ConflictError, NotFoundError } from "~/utils/errors";
import { parseIdParam } from "~/utils/ids";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/settings-printers";

// Global Settings → Label Printers (issue "Step 9"): the shop's thermal printers (ZPL over TCP port 9100). Items
// and projects print to them with 'Print label'. Works without JavaScript (plain form posts).

export const meta = () => [{ title: "Label printers · Global Settings · Shopflow" }];

export function loader({ request }: Route.LoaderArgs) {
  requirePermission(request, "settings:write");
  return data({ printers: labelPrinterModel.list() }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  const user = requirePermission(request, "settings:write");
  const actor = actorFrom(request, user);
  const form = await request.formData();
  const intent = form.get("intent");
  const back = (title: string, description: string, destructive = false) =>
    redirectWithToast(request, "/settings/printers", { title, description, variant: destructive ? "destructive" : "default" });
  if (intent === "toggle" || intent === "delete") {
    const id = parseIdParam(String(form.get("id") ?? ""));
    const printer = id === null ? undefined : labelPrinterModel.get(id);
    if (!printer) return back("Error", "Label printer not found", true);
    try {
      if (intent === "delete") {
        labelPrinterModel.remove(printer.id, actor);
        return back("Printer deleted", `${printer.name} is no longer offered for printing.`);
      }
      labelPrinterModel.update(printer.id, { isActive: !printer.isActive }, actor);
      return back(printer.isActive ? "Printer switched off" : "Printer switched on", `${printer.name} is ${printer.isActive ? "no longer" : "now"} offered for printing.`);
    } catch (error) {
      if (error instanceof ConflictError || error instanceof NotFoundError) return back("Error", error.message, true);
      throw error;
    }
  }
  const submission = parseWithZod(form, { schema: LabelPrinterSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const created = labelPrinterModel.create(submission.value, actor);
    return back("Printer added", `${created.name} at ${created.host}:${created.port} (${created.dpi} dpi).`);
  } catch (error) {
    if (error instanceof ConflictError) return data({ result: submission.reply({ formErrors: [error.message] }) }, { status: 409 });
    throw error;
  }
}

export default function SettingsPrinters({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { port: "9100", dpi: "203" },
    constraint: getZodConstraint(LabelPrinterSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LabelPrinterSchema }),
  });
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
      <Link to="/settings" className={`inline-flex min-h-10 items-center gap-1 ${btn.link}`}>
        ← Back to Global Settings
      </Link>
      <PageHeader title="Label printers" subtitle="Thermal printers for 2 in × 2 in item labels (ZPL, raw TCP, usually port 9100)." />
      <section className={`p-5 ${cardClass}`} aria-labelledby="new-printer">
        <h2 id="new-printer" className="text-lg font-semibold text-ink">
          Add a printer
        </h2>
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2" {...getFormProps(form)}>
          {form.errors?.length ? (
            <p role="alert" className="text-sm font-medium text-danger-800 sm:col-span-2">
              {form.errors.join(" ")}
            </p>
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
            <input className={inputClass} inputMode="numeric" {...getInputProps(fields.port, { type: "number" })} />
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
          <div className="sm:col-span-2">
            <button type="submit" className={btn.primary}>
              Add printer
            </button>
          </div>
        </Form>
      </section>
      <section className={`mt-6 p-5 ${cardClass}`} aria-labelledby="printers">
        <h2 id="printers" className="text-lg font-semibold text-ink">
          Printers
        </h2>
        {loaderData.printers.length === 0 ? (
          <div className="mt-3">
            <EmptyState icon="qr" title="No label printers yet">
              Add the shop's label printer above; 'Print label' on items and projects then sends to it. Without one, labels print as PDFs.
            </EmptyState>
          </div>
        ) : (
          <table className="table-cards mt-3 w-full text-left text-base">
            <thead className="border-b border-line text-sm text-ink-muted">
              <tr>
                <th scope="col" className="py-2 pr-3">Name</th>
                <th scope="col" className="py-2 pr-3">Address</th>
                <th scope="col" className="py-2 pr-3">Resolution</th>
                <th scope="col" className="py-2">Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {loaderData.printers.map((p) => (
                <tr key={p.id}>
                  <td data-label="Name" className="py-3 pr-3 font-medium wrap-anywhere">
                    {p.name}
                    {p.isActive ? null : <span className="ml-2 text-sm font-normal text-ink-muted">(off)</span>}
                  </td>
                  <td data-label="Address" className="py-3 pr-3 font-mono text-sm wrap-anywhere">
                    {p.host}:{p.port}
                  </td>
                  <td data-label="Resolution" className="py-3 pr-3">{p.dpi} dpi</td>
                  <td data-label="Actions" className="py-3">
                    <div className="flex flex-wrap gap-2">
                      <Form method="post">
                        <input type="hidden" name="intent" value="toggle" />
                        <input type="hidden" name="id" value={p.id} />
                        <button type="submit" className={btn.small} aria-label={`${p.isActive ? "Switch off" : "Switch on"} ${p.name}`}>
                          {p.isActive ? "Switch off" : "Switch on"}
                        </button>
                      </Form>
                      <Form method="post">
                        <input type="hidden" name="intent" value="delete" />
                        <input type="hidden" name="id" value={p.id} />
                        <button type="submit" className={btn.smallDanger} aria-label={`Delete ${p.name}`}>
                          Delete
                        </button>
                      </Form>
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
