import { plural } from "@lingui/core/macro";
// Offline scanning, in the browser: every scan is written to IndexedDB before it is sent, with an
// id made here and this device's time, and leaves the queue only when the server has answered it. So a scan made
// while the shop's Wi-Fi is down waits, in order, and one made just before a reload or a crash is not lost. The
// server applies a scan id once (timer_logs.scan_id is unique), so sending one twice is harmless.

export type QueuedScan = { seq?: number; scanId: string; code: string; deviceTime: number };

const DB_NAME = "shopflow-offline";
const STORE = "scans";

// Where IndexedDB is missing or refused (a private window on an old browser) the queue lives in memory: it still
// survives a network drop while the page stays open.
let memory: QueuedScan[] | null = null;
let memorySeq = 0;
let opening: Promise<IDBDatabase | null> | null = null;

function database(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    try {
      if (typeof indexedDB === "undefined") return resolve(null);
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "seq", autoIncrement: true });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return database().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        if (!db) return reject(new Error("no IndexedDB"));
        const request = work(db.transaction(STORE, mode).objectStore(STORE));
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
      }),
  );
}

/** An id for a scan: random, URL-safe, and made without crypto.randomUUID (missing on plain-http shop servers). */
export function newScanId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Adds a scan at the end of the queue; returns it with its place in the queue. */
export async function queueScan(scan: Omit<QueuedScan, "seq">): Promise<QueuedScan> {
  if (memory === null) {
    try {
      const seq = (await run("readwrite", (s) => s.add({ ...scan }))) as number;
      return { ...scan, seq };
    } catch {
      memory = [];
    }
  }
  const queued = { ...scan, seq: ++memorySeq };
  memory.push(queued);
  return queued;
}

/** The waiting scans, oldest first. */
export async function queuedScans(): Promise<QueuedScan[]> {
  if (memory !== null) return [...memory];
  try {
    return (await run("readonly", (s) => s.getAll() as IDBRequest<QueuedScan[]>)).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  } catch {
    memory = [];
    return [];
  }
}

/** Removes a scan the server has answered. */
export async function dropScan(seq: number | undefined): Promise<void> {
  if (seq === undefined) return;
  if (memory !== null) {
    memory = memory.filter((s) => s.seq !== seq);
    return;
  }
  await run("readwrite", (s) => s.delete(seq)).catch(() => undefined);
}

/** 'Offline — 3 scans waiting' (the words), singular for one. */
export const offlineText = (n: number) => plural(n, { one: `Offline — ${n} scan waiting`, other: `Offline — ${n} scans waiting` });
