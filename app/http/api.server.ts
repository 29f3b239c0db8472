import { select, t } from "@lingui/core/macro";
import type { z } from "zod";
import { z as zod } from "~/schemas/messages";
import { DomainError } from "~/domain/errors";
import { CLIENT_GONE_STATUS, ClientGone, clientGoneMessage } from "~/http/request.server";
import { parseIdParam } from "~/domain/ids";
import { fieldLabel } from "~/schemas/messages";
import { unknownFields, unknownFieldsMessage } from "~/schemas/unknown-fields";

const NO_STORE = { "Cache-Control": "no-store" };
// The HTTP layer has already refused larger bodies and anything but JSON; this is the last line.
const MAX_JSON_BYTES = 1024 * 1024;

export type Issue = { path: string; message: string };

export function jsonError(status: number, message: string, init: { issues?: Issue[]; headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(NO_STORE)) headers.set(k, v);
  return Response.json(init.issues ? { message, issues: init.issues } : { message }, { status, headers });
}

export function json(body: unknown, init: ResponseInit = {}) {
  // Most answers carry no headers of their own: a plain object spares building and copying a Headers.
  if (!init.headers) return Response.json(body, { ...init, headers: NO_STORE });
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { ...init, headers });
}

/**
 * A flat record's fields as JSON writes them, its dates already their JSON text, to add an answer's own fields to.
 * JSON.stringify writes an object of plain values on its fast path; one Date in it (a value with toJSON) sends the
 * whole answer down the slow one, about three times longer for a scan's answer (docs/benchmarks.md).
 */
export function jsonFields(record: object): Record<string, unknown> {
  const fields = record as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key in fields) {
    if (!Object.hasOwn(fields, key)) continue;
    const value = fields[key];
    out[key] = value instanceof Date ? value.toJSON() : value;
  }
  return out;
}

/**
 * One issue a field, the first found: a value that breaks two checks ('must be a whole number' and 'too large', or
 * one message given to both) would otherwise be named twice, and the second often only repeats or blurs the first.
 */
export function zodIssues(error: z.ZodError): Issue[] {
  const seen = new Set<string>();
  const issues: Issue[] = [];
  for (const i of error.issues) {
    const path = i.path.join(".");
    // The body's own issues (no field) are each their own sentence.
    if (path !== "" && seen.has(path)) continue;
    seen.add(path);
    issues.push({ path, message: i.message });
  }
  return issues;
}

/**
 * Parse a JSON body against a schema; anything else is a 400 with a readable message, never a 500. A field the
 * schema does not name is refused too, naming it (docs/product.md, Decisions: API bodies): zod alone would drop it.
 */
export async function parseBody<S extends z.ZodType>(request: Request, schema: S, maxBytes = MAX_JSON_BYTES): Promise<z.infer<S>> {
  let raw: unknown;
  const text = await request.text();
  if (text.length > maxBytes) throw jsonError(413, t`The request body is too large`);
  try {
    raw = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw jsonError(400, t`The request body must be valid JSON`);
  }
  // Every problem in one answer: the fields the call does not take, then what is wrong with the ones it does.
  const unknown = unknownFields(schema, raw);
  const result = schema.safeParse(raw);
  if (unknown.length > 0 || !result.success) {
    const extra = unknown.map((f) => ({ path: [...f.at, f.key].join("."), message: notTaken(f.key) }));
    const issues = [...extra, ...(result.success ? [] : zodIssues(result.error))];
    throw jsonError(400, unknown.length > 0 ? unknownFieldsMessage(unknown, fieldLabel) : (issues[0]?.message ?? t`Invalid request`), { issues });
  }
  return result.data;
}

const notTaken = (key: string) => t`${key} is not a field this call takes`;

const NO_BODY = zod.object({}, { error: () => t`This call takes no body` });

/**
 * For the calls that take no body (docs/product.md, Decisions: API bodies): nothing, or `{}`. A field is refused
 * naming it, as every other call refuses a field it does not take: a client that sent one expected it to count.
 */
export async function noBody(request: Request): Promise<void> {
  if (request.headers.get("content-length") === "0" || request.body === null) return;
  await parseBody(request, NO_BODY);
}

/**
 * '{what} not found' for the records the routes name ('Item', 'Project', 'Workflow step'): chosen by the record's
 * kind, so a language whose words agree with the noun says it right.
 */
export function notFoundMessage(what: string): string {
  const kind = what.toLowerCase().replace(/[^a-z]+/g, "_");
  return select(kind, { other: `${what} not found` });
}

export function parseId(value: string | undefined, what = "Record"): number {
  const id = parseIdParam(value);
  if (id === null) throw jsonError(404, notFoundMessage(what));
  return id;
}

/** `?projectId=` of a list: absent or empty is no filter; anything but a project id is a 400 that says so. */
export function projectIdQuery(url: URL): number | undefined {
  const raw = url.searchParams.get("projectId");
  if (raw === null || raw === "") return undefined;
  const id = parseIdParam(raw);
  if (id === null) throw jsonError(400, t`projectId must be a project id (a whole number)`);
  return id;
}

/** Run an /api handler: thrown Responses pass through, domain errors map to their status, the rest to a JSON 500. */
export async function api(fn: () => Response | Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (error) {
    return apiFailure(error);
  }
}

/** What an /api handler that threw answers: a thrown Response as it is, a domain error as its status, else a 500. */
export function apiFailure(error: unknown): Response {
  if (error instanceof Response) return error;
  if (error instanceof DomainError) return jsonError(error.status, error.message);
  // The HTTP layer notes it in one line (pipeline/http.server.ts): no stack for a client that left.
  if (error instanceof ClientGone) return jsonError(CLIENT_GONE_STATUS, clientGoneMessage());
  console.error(error);
  return jsonError(500, t`Something went wrong on the server`);
}

/** For POST-only /api routes: a GET answers 405 JSON instead of React Router's plain-text 400. */
export const methodNotAllowed = () => jsonError(405, t`Method not allowed`);

/** A list call answers at most this many rows when it names no `limit` (decision 0023). */
export const DEFAULT_LIST_LIMIT = 500;
export const MAX_LIST_LIMIT = 1000;

export type Page = { limit: number; offset: number };

/**
 * `?limit=&offset=` of a list call: both optional whole numbers, limit at most MAX_LIST_LIMIT. Without a limit the
 * first DEFAULT_LIST_LIMIT rows: a list that grows with the shop's work never answers megabytes by default.
 */
export function pageParams(url: URL): Page {
  const read = (name: string, max: number) => {
    const raw = url.searchParams.get(name);
    if (raw === null || raw === "") return undefined;
    if (!/^\d{1,10}$/.test(raw) || Number(raw) > max) throw jsonError(400, t`${name} must be a whole number from 0 to ${max}`);
    return Number(raw);
  };
  return { limit: read("limit", MAX_LIST_LIMIT) ?? DEFAULT_LIST_LIMIT, offset: read("offset", 1_000_000_000) ?? 0 };
}

/**
 * One page of a list: the body stays the JSON array the product's clients read; `X-Total-Count` says how many rows the
 * whole list has, and `Link: <…>; rel="next"` (RFC 8288) names the next page while there is one.
 */
export function listPage(url: URL, page: Page, rows: readonly unknown[], total: number): Response {
  const headers = new Headers({ "X-Total-Count": String(total) });
  const next = page.offset + rows.length;
  if (rows.length > 0 && next < total) {
    const query = new URLSearchParams(url.searchParams);
    query.set("limit", String(page.limit));
    query.set("offset", String(next));
    headers.set("Link", `<${url.pathname}?${query}>; rel="next"`);
  }
  return json(rows, { headers });
}

/** A list the model reads whole (reference data, short per-record lists), answered a page at a time all the same. */
export function listSlice(url: URL, all: readonly unknown[]): Response {
  const page = pageParams(url);
  return listPage(url, page, all.slice(page.offset, page.offset + page.limit), all.length);
}
