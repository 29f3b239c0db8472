import { useLingui } from "@lingui/react/macro";
import { Form, Link, useLocation } from "react-router";
import { btn, cardClass, inputClass, Label } from "../ui";

/** The audit trail's filters as the URL holds them (every one a string, '' when not set). */
export type AuditQuery = { member: string; entity: string; record: string; from: string; to: string; kind: string; project: string };

/** The audit trail's address for `filter` with `extra` (a member, an older page): empty filters are left out. */
export function auditHref(filter: AuditQuery, extra: Record<string, string> = {}) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...filter, ...extra })) if (v) p.set(k, v);
  const s = p.toString();
  return `/settings/audit${s ? `?${s}` : ""}`;
}

/**
 * Who, what kind, which record or project, and when: a plain GET form, so it works without JavaScript. A filter
 * that cannot match (a date that is no day, a range the wrong way round, an id that is not a number) is explained
 * under the form, and left out of the list.
 */
export function AuditFilters({
  filter,
  members,
  entities,
  rangeError,
  recordError,
  projectError,
}: {
  filter: AuditQuery;
  members: { id: number; name: string }[];
  entities: { value: string; label: string }[];
  rangeError: string | null;
  recordError: string | null;
  projectError: string | null;
}) {
  // The fields are uncontrolled (they work without JavaScript): a new key per query makes React draw them afresh
  // from the URL after Clear, Back or a link, instead of keeping what was typed before. autoComplete="off" does
  // the same without JavaScript: the browser would otherwise restore, on Back, what was chosen before leaving.
  const { t } = useLingui();
  const { search } = useLocation();
  const invalid = (error: string | null, id: string) => (error ? { "aria-invalid": true as const, "aria-describedby": id } : {});
  const dateProps = invalid(rangeError, "range-error");
  return (
    <section className={`p-4 sm:p-5 ${cardClass}`} aria-label={t`Filters`}>
      <Form key={search} method="get" autoComplete="off" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
        <div>
          <Label htmlFor="member">{t`Team member`}</Label>
          <select id="member" name="member" defaultValue={filter.member} className={inputClass}>
            <option value="">{t`Anyone`}</option>
            {members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="kind">{t`Kind`}</Label>
          <select id="kind" name="kind" defaultValue={filter.kind} className={inputClass}>
            <option value="">{t`Everything`}</option>
            <option value="changes">{t`Changes`}</option>
            <option value="sign-ins">{t`Sign-ins and refused PINs`}</option>
          </select>
        </div>
        <div>
          <Label htmlFor="entity">{t`Record type`}</Label>
          <select id="entity" name="entity" defaultValue={filter.entity} className={inputClass}>
            <option value="">{t`Any`}</option>
            {entities.map((e) => (
              <option key={e.value} value={e.value}>
                {e.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="record">{t`Record id`}</Label>
          <input id="record" name="record" defaultValue={filter.record} inputMode="numeric" className={inputClass} {...invalid(recordError, "record-error")} />
        </div>
        <div>
          <Label htmlFor="project">{t`Project id, with its steps and design`}</Label>
          <input
            id="project"
            name="project"
            defaultValue={filter.project}
            inputMode="numeric"
            className={inputClass}
            {...invalid(projectError, "project-error")}
          />
        </div>
        <div>
          <Label htmlFor="from">{t`From`}</Label>
          <input id="from" name="from" type="date" defaultValue={filter.from} className={inputClass} {...dateProps} />
        </div>
        <div>
          <Label htmlFor="to">{t`To`}</Label>
          <input id="to" name="to" type="date" defaultValue={filter.to} className={inputClass} {...dateProps} />
        </div>
        <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
          <button type="submit" className={btn.primary}>
            {t`Filter`}
          </button>
          <Link to="/settings/audit" className={btn.secondary}>
            {t`Clear`}
          </Link>
        </div>
      </Form>
      {[
        { id: "range-error", text: rangeError ? t`${rangeError} Showing entries from every date instead.` : null },
        { id: "record-error", text: recordError },
        { id: "project-error", text: projectError },
      ].map((e) =>
        e.text ? (
          <p
            key={e.id}
            id={e.id}
            role="alert"
            className="mt-3 rounded-lg border border-danger-200 bg-danger-50 px-3 py-2 text-sm text-danger-800 wrap-break-word"
          >
            {e.text}
          </p>
        ) : null,
      )}
    </section>
  );
}
