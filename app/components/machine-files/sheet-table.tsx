import { useLingui } from "@lingui/react/macro";
import { Icon } from "~/components/icons";
import { btn, checkboxClass, inputClass } from "~/components/ui";
import { type MachineChoice, rowStatus, type SheetRow } from "./sheet-rows";

/** The sheet's column names and repeated words, put in words once per render. */
type Labels = Record<"select" | "fileName" | "machine" | "material" | "status" | "updated" | "actions" | "save" | "chooseMachine", string>;

/**
 * The spreadsheet's rows: each an editable file name, machine and material, its status and last update, and its
 * own Save and Delete buttons. Every field belongs to the sheet's one form, so a button posts every row.
 */
export function SheetTable({
  rows,
  machines,
  busy,
  hydrated,
  onChange,
  onRemove,
}: {
  rows: SheetRow[];
  machines: MachineChoice[];
  busy: boolean;
  hydrated: boolean;
  onChange: (key: string, patch: Partial<SheetRow>) => void;
  onRemove: (key: string) => void;
}) {
  const { t } = useLingui();
  const labels: Labels = {
    select: t`Select`,
    fileName: t`File Name`,
    machine: t`Machine`,
    material: t`Material`,
    status: t`Status`,
    updated: t`Last Updated`,
    actions: t`Actions`,
    save: t`Save`,
    chooseMachine: t`Choose a machine…`,
  };
  return (
    <table className="table-cards mt-4 w-full text-left text-base">
      <thead className="border-b border-line text-sm text-ink-muted">
        <tr>
          <th scope="col" className="py-2 pr-2 font-medium">
            <span className="sr-only">{labels.select}</span>
          </th>
          <th scope="col" className="py-2 pr-2 font-medium">
            {labels.fileName}
          </th>
          <th scope="col" className="py-2 pr-2 font-medium">
            {labels.machine}
          </th>
          <th scope="col" className="py-2 pr-2 font-medium">
            {labels.material}
          </th>
          <th scope="col" className="py-2 pr-2 font-medium">
            {labels.status}
          </th>
          <th scope="col" className="py-2 pr-2 font-medium">
            {labels.updated}
          </th>
          <th scope="col" className="py-2 pr-2 font-medium">
            {labels.actions}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {rows.map((r, i) => (
          <SheetRowCells
            key={r.key}
            row={r}
            index={i}
            labels={labels}
            machines={machines}
            busy={busy}
            hydrated={hydrated}
            onChange={onChange}
            onRemove={onRemove}
          />
        ))}
      </tbody>
    </table>
  );
}

function SheetRowCells({
  row: r,
  index: i,
  labels,
  machines,
  busy,
  hydrated,
  onChange,
  onRemove,
}: {
  row: SheetRow;
  index: number;
  labels: Labels;
  machines: MachineChoice[];
  busy: boolean;
  hydrated: boolean;
  onChange: (key: string, patch: Partial<SheetRow>) => void;
  onRemove: (key: string) => void;
}) {
  const { t } = useLingui();
  const status = rowStatus(r);
  const errId = `row-${i}-error`;
  const n = i + 1;
  const rowName = r.fileName || t`row ${n}`;
  return (
    <tr className={r.error ? "bg-danger-50" : undefined}>
      <td data-label={labels.select} className="py-2 pr-2">
        {r.id !== null ? <input type="hidden" name={`rows[${i}].id`} value={r.id} /> : null}
        <input type="checkbox" name={`rows[${i}].selected`} className={checkboxClass} aria-label={t`Select ${rowName}`} />
      </td>
      <td data-label={labels.fileName} className="py-2 pr-2">
        <input
          name={`rows[${i}].fileName`}
          aria-label={t`File name, row ${n}`}
          aria-invalid={r.error ? true : undefined}
          aria-describedby={r.error ? errId : undefined}
          className={inputClass}
          maxLength={255}
          value={r.fileName}
          onChange={(e) => onChange(r.key, { fileName: e.currentTarget.value })}
        />
        {r.error ? (
          <p id={errId} className="mt-1 text-sm text-danger-700">
            {r.error}
          </p>
        ) : null}
      </td>
      <td data-label={labels.machine} className="py-2 pr-2">
        <select
          name={`rows[${i}].machine`}
          aria-label={t`Machine, row ${n}`}
          className={inputClass}
          value={r.machine}
          onChange={(e) => onChange(r.key, { machine: e.currentTarget.value })}
        >
          <option value="">{labels.chooseMachine}</option>
          {machines
            .filter((m) => m.isActive || m.value === r.machine)
            .map((m) => (
              <option key={m.value} value={m.value}>
                {m.name}
              </option>
            ))}
        </select>
      </td>
      <td data-label={labels.material} className="py-2 pr-2">
        <input
          name={`rows[${i}].material`}
          aria-label={t`Material, row ${n}`}
          className={inputClass}
          maxLength={100}
          value={r.material}
          onChange={(e) => onChange(r.key, { material: e.currentTarget.value })}
        />
      </td>
      <td data-label={labels.status} className="py-2 pr-2">
        <StatusBadge status={status} />
      </td>
      <td data-label={labels.updated} className="py-2 pr-2 text-sm text-ink-muted">
        {r.updated ?? "—"}
      </td>
      <td data-label={labels.actions} className="cell-actions py-2 pr-2">
        <div className="flex gap-1">
          <button
            type="submit"
            name="intent"
            value={`save-row:${i}`}
            className={btn.small}
            disabled={busy || (hydrated && status === "Saved")}
            formNoValidate
            aria-label={t`Save ${rowName}`}
          >
            {labels.save}
          </button>
          {r.id === null && hydrated ? (
            <button type="button" className={btn.small} aria-label={t`Remove ${rowName}`} onClick={() => onRemove(r.key)}>
              <Icon name="trash" />
            </button>
          ) : (
            // A saved file is deleted only after the question that names what goes with it.
            <button
              type="submit"
              name="intent"
              value={`confirm-delete:${i}`}
              className={btn.small}
              disabled={busy}
              formNoValidate
              aria-label={t`Delete ${rowName}`}
            >
              <Icon name="trash" />
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

function StatusBadge({ status }: { status: "New" | "Modified" | "Saved" }) {
  const { t } = useLingui();
  const word = status === "Saved" ? t`Saved` : status === "Modified" ? t`Modified` : t`New`;
  const cls =
    status === "Saved"
      ? "bg-success-50 text-success-800 border-success-700/30"
      : status === "Modified"
        ? "bg-warning-50 text-warning-900 border-warning-300"
        : "bg-brand-50 text-brand-800 border-brand-200";
  return <span className={`inline-block rounded-full border px-2.5 py-0.5 text-sm font-medium ${cls}`}>{word}</span>;
}
