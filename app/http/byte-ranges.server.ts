import { t } from "@lingui/core/macro";
// Byte ranges for PDFs (RFC 9110 §14): a browser's PDF viewer (pdf.js in Chrome and Firefox) fetches a large
// design piece by piece, showing the first page before the rest has arrived, but only when the first answer
// said `Accept-Ranges: bytes` and a `Range` request then gets 206 with just those bytes. A design read from disk
// is sliced without being read into memory.

const RANGE = /^bytes=(\d*)-(\d*)$/;

/** The one byte range asked for, as [first, last] inclusive; "unsatisfiable" (416); null to send it all. */
export function parseRange(header: string, size: number): [number, number] | "unsatisfiable" | null {
  // Several ranges would need a multipart answer: the whole file is a valid answer to that too.
  if (header.includes(",")) return null;
  const m = RANGE.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    // The last N bytes.
    const n = Number(m[2]);
    if (n === 0) return "unsatisfiable";
    return size === 0 ? "unsatisfiable" : [Math.max(0, size - n), size - 1];
  }
  const first = Number(m[1]);
  const last = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== "" && Number(m[2]) < first) return null;
  if (first >= size) return "unsatisfiable";
  return [first, last];
}

const isPdf = (response: Response) => /^application\/pdf\b/i.test(response.headers.get("content-type") ?? "");

/**
 * Whether withByteRanges has anything to do: a 200 PDF answer to GET or HEAD. Asked first, so that every other
 * answer goes on as it is without waiting on a promise or having its body made a stream.
 */
export function mayHaveRanges(request: Request, response: Response): boolean {
  // Fetch normalizes GET and HEAD to upper case, however the client wrote them.
  const method = request.method;
  return (method === "GET" || method === "HEAD") && response.status === 200 && isPdf(response);
}

/**
 * A 200 PDF answer to GET or HEAD offers ranges; a `Range` request gets 206 (or 416 outside the file). An
 * `If-Range` the answer cannot check (no validator is sent) gets the whole file, as RFC 9110 asks.
 */
export async function withByteRanges(request: Request, response: Response, api: boolean): Promise<Response> {
  const method = request.method.toUpperCase();
  if ((method !== "GET" && method !== "HEAD") || response.status !== 200 || !response.body || !isPdf(response)) return response;
  if (response.headers.has("content-encoding")) return response;
  const headers = new Headers(response.headers);
  headers.set("Accept-Ranges", "bytes");
  const range = request.headers.get("range");
  const blob = await response.blob();
  const whole = () => new Response(blob, { status: 200, statusText: response.statusText, headers });
  if (!range || request.headers.has("if-range")) return whole();
  const wanted = parseRange(range, blob.size);
  if (wanted === null) return whole();
  headers.delete("content-length");
  if (wanted === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${blob.size}`);
    const size = blob.size;
    const message = t`The range ${range} is outside this file of ${size} bytes.`;
    headers.set("Content-Type", api ? "application/json;charset=utf-8" : "text/plain; charset=utf-8");
    return new Response(api ? JSON.stringify({ message }) : message, { status: 416, headers });
  }
  const [first, last] = wanted;
  headers.set("Content-Range", `bytes ${first}-${last}/${blob.size}`);
  return new Response(blob.slice(first, last + 1), { status: 206, headers });
}
