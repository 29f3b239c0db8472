import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useLingui } from "@lingui/react/macro";
import { Form, useNavigation } from "react-router";
import type { LabelPrinter } from "~/models/label-printer.server";
import { LabelPrinterEditFormSchema, LabelPrinterSchema } from "~/schemas/settings";
import { OpenedValuesField, useOpenedValues } from "../opened-values";
import { btn, CancelLink, checkboxClass, checkRowClass, FieldError, inputClass, Label } from "../ui";
import { FormErrors, TextField } from "~/components/forms";

/** Global Settings → Label printers: every printer form posts here, and Edit and Delete open here (?edit=, ?delete=). */
export const PRINTERS_PAGE = "/settings/printers";
const HERE = PRINTERS_PAGE;

/** Add (no `printer`) or edit one printer: the same fields, checked by the same schema here and in the action. */
export function PrinterForm({ printer, lastResult, ports }: { printer?: LabelPrinter; lastResult?: SubmissionResult<string[]> | null; ports: string }) {
  const { t } = useLingui();
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
      <FormErrors errors={form.errors} className="sm:col-span-2" />
      <TextField field={fields.name} label={t`Name`} placeholder={t`Counter Zebra`} />
      <TextField field={fields.host} label={t`Address (host name or IP)`} placeholder="192.168.1.50" />
      <div>
        <Label htmlFor={fields.port.id}>{t`Port`}</Label>
        <input className={inputClass} inputMode="numeric" aria-describedby={`${fields.port.id}-hint`} {...getInputProps(fields.port, { type: "number" })} />
        <p id={`${fields.port.id}-hint`} className="mt-1 text-sm text-ink-muted">
          {t`Port ${ports} (label printers only)`}
        </p>
        <FieldError id={fields.port.errorId} errors={fields.port.errors} />
      </div>
      <div>
        <Label htmlFor={fields.dpi.id}>{t`Resolution`}</Label>
        <select className={inputClass} {...getSelectProps(fields.dpi)}>
          {[203, 300].map((dpi) => (
            <option key={dpi} value={dpi}>
              {t`${dpi} dpi`}
            </option>
          ))}
        </select>
        <FieldError id={fields.dpi.errorId} errors={fields.dpi.errors} />
      </div>
      {printer ? (
        <label className={`${checkRowClass} sm:col-span-2`}>
          <input {...getInputProps(fields.isActive, { type: "checkbox" })} className={checkboxClass} /> {t`Active (offered for printing)`}
        </label>
      ) : null}
      {printer ? (
        <div className="flex flex-wrap justify-end gap-3 border-t border-line pt-4 sm:col-span-2">
          <CancelLink to={HERE} />
          <button type="submit" className={btn.primary} disabled={busy}>
            {busy ? t`Saving...` : t`Save printer`}
          </button>
        </div>
      ) : (
        <div className="sm:col-span-2">
          <button type="submit" className={btn.primary}>
            {t`Add printer`}
          </button>
        </div>
      )}
    </Form>
  );
}
