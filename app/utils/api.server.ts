import type { z } from "zod";
import { BadRequestError, ConflictError, NotFoundError } from "./errors";

const NO_STORE = { "Cache-Control": "no-store" };
const MAX_JSON_BYTES = 1024 * 1024;

export type Issue = { path: string; message: string };

export function jsonError(status: number, message: string, init: { issues?: Issue[]; headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(NO_STORE)) headers.set(k, v);
  return Response.json(init.issues ? { message, issues: init.issues } : { message }, { status, headers });
}

export function json(body: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { ...init, headers });
}

export function zodIssues(error: z.ZodError): Issue[] {
  return error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

/** Parse a JSON (or form-encoded) body against a schema; anything else is a 400, never a 500. */
export async function parseBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_JSON_BYTES) throw jsonError(413, "Request body is too large");
  const type = request.headers.get("content-type") ?? "";
  let raw: unknown;
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    raw = Object.fromEntries(await request.formData());
  } else {
    const text = await request.text();
    if (text.length > MAX_JSON_BYTES) throw jsonError(413, "Request body is too large");
    try {
      raw = text.trim() === "" ? {} : JSON.parse(text);
    } catch {
      throw jsonError(400, "Request body must be valid JSON");
    }
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issues = zodIssues(result.error);
    throw jsonError(400, issues[0]?.message ?? "Invalid request", { issues });
  }
  return result.data;
}

export function parseId(value: string | undefined, what = "Record"): number {
  // Plain decimal digits only: Number() would also read "0x1", "1e0" or " 1" as 1.
  const id = /^\d{1,15}$/.test(value ?? "") ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw jsonError(404, `${what} not found`);
  return id;
}

/** Run an /api handler: thrown Responses pass through, domain errors map to their status, the rest to a JSON 500. */
export async function api(fn: () => Response | Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof ConflictError || error instanceof NotFoundError || error instanceof BadRequestError) {
      return jsonError(error.status, error.message);
    }
    console.error(error);
    return jsonError(500, "Something went wrong on the server");
  }
}

/** For POST-only /api routes: a GET answers 405 JSON instead of React Router's plain-text 400. */
export const methodNotAllowed = () => jsonError(405, "Method not allowed");
