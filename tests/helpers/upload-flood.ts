// Many large uploads at once against a real server process, over raw sockets as an attacker would send them:
// the headers, then the body as fast as the server takes it, and the answer read as soon as it comes (a client
// that waited to send everything first would measure itself, not the server).
import { readFileSync } from "node:fs";
import { connect } from "node:net";

/** `stall`: send the headers and wait for the answer before any of the body (what a server decides from them). */
export type Upload = { method: string; path: string; headers: Record<string, string>; prefix?: string; size: number; suffix?: string; stall?: boolean };

/** A multipart form with a `file` part of `size` bytes (starting %PDF-) and the other fields, as a browser sends it. */
export function multipartUpload(path: string, fields: Record<string, string>, size: number, headers: Record<string, string>): Upload {
  const boundary = "----shopflowflood7MA4YWxkTrZu0gW";
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const prefix = `${parts.join("")}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;
  const suffix = `\r\n--${boundary}--\r\n`;
  return { method: "POST", path, headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` }, prefix, size, suffix };
}

const enc = new TextEncoder();

/** Sends one upload; resolves with the status and body of the answer (or 0 and the error when none came). */
export function send(base: string, upload: Upload): Promise<{ status: number; body: string; headers: string }> {
  const url = new URL(base);
  const prefix = enc.encode(upload.prefix ?? "");
  const suffix = enc.encode(upload.suffix ?? "");
  const total = prefix.length + upload.size + suffix.length;
  const head =
    `${upload.method} ${upload.path} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Length: ${total}\r\nConnection: close\r\n` +
    Object.entries(upload.headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join("") +
    "\r\n";
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let answer = "";
    let done = false;
    const finish = (status: number, body: string, headers = "") => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ status, body, headers });
    };
    const chunk = new Uint8Array(256 * 1024);
    let sent = 0;
    const pump = () => {
      while (!done && sent < upload.size) {
        const n = Math.min(chunk.length, upload.size - sent);
        sent += n;
        if (!socket.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void socket.once("drain", pump);
      }
      if (!done && sent >= upload.size) socket.write(suffix);
    };
    socket.on("connect", () => {
      socket.write(head);
      if (upload.stall) return;
      socket.write(prefix);
      pump();
    });
    socket.on("data", (data: Buffer) => {
      answer += data.toString("latin1");
      const end = answer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const headers = answer.slice(0, end);
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(headers);
      const body = answer.slice(end + 4);
      // The whole answer is here (or it is chunked and its last chunk came): stop sending.
      if ((length && Buffer.byteLength(body, "latin1") >= Number(length[1])) || (!length && /\r\n0\r\n\r\n$/.test(answer))) {
        finish(Number(/^HTTP\/1\.1 (\d+)/.exec(headers)?.[1] ?? 0), Buffer.from(body, "latin1").toString("utf8"), headers);
      }
    });
    // A server that answers before the body is all sent closes its side: the write then fails (EPIPE), and
    // the answer may still be in the socket to read. Only the close decides.
    let failure = "";
    socket.on("error", (error) => {
      failure = String(error);
    });
    socket.on("close", () => {
      const end = answer.indexOf("\r\n\r\n");
      if (end < 0) return finish(0, failure || answer);
      finish(Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1] ?? 0), answer.slice(end + 4), answer.slice(0, end));
    });
  });
}

export const rssMb = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024);

/** All the uploads at once; the server's resident memory sampled every 20 ms meanwhile. */
export async function flood(base: string, pid: number, uploads: Upload[]) {
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // the process is gone: its last figure stands
    }
  }, 20);
  const started = performance.now();
  const answers = await Promise.all(uploads.map((u) => send(base, u)));
  const ms = performance.now() - started;
  await Bun.sleep(200);
  clearInterval(timer);
  peak = Math.max(peak, rssMb(pid));
  return { before, peak, ms, answers };
}
