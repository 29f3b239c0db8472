import { processState } from "~/infra/process-state.server";
import { onChange, type ChangeNotice } from "~/infra/change-notices.server";

// Server-sent events for the live pages (decision 0016). One hub per process: it listens to the
// change notices the models announce after each commit, numbers them, keeps the last RING_SIZE for clients that
// reconnect with Last-Event-ID, and writes each one to every open stream whose filter takes it. One heartbeat
// timer serves every stream, so 500 open streams cost 500 small queues, not 500 timers.

export const HEARTBEAT_MS = 25_000;
/** The reconnect delay the browser is told to use (EventSource's `retry:`). */
export const RETRY_MS = 3_000;
export const RING_SIZE = 1_000;
/** A client this many bytes behind (a stalled connection) is dropped; it reconnects and resumes from the ring. */
const MAX_BACKLOG_BYTES = 256 * 1024;

export type StreamNotice = Pick<ChangeNotice, "entity" | "id" | "action" | "projectId" | "department" | "at">;
type Numbered = StreamNotice & { seq: number };
export type StreamClient = { send(frame: string): void; close(): void; filter: (n: StreamNotice) => boolean; allowed?: () => boolean };

/**
 * Notices that may take a stream's right away (a board link revoked, a member deactivated or their keys changed):
 * every stream that has a check is checked again at once. Each heartbeat checks them too, so a right lost some
 * other way (a sign-out, an idle session, a revoked API token) ends within HEARTBEAT_MS.
 */
const RECHECK_ENTITIES: ReadonlySet<string> = new Set(["board-key", "team-member"]);
export type Hub = {
  epoch: string;
  seq: number;
  ring: Numbered[];
  clients: Set<StreamClient>;
  started: boolean;
  /** The one heartbeat timer, from the first stream on; stopped when the process state starts over. */
  heartbeat: ReturnType<typeof setInterval> | null;
};

// The epoch tells a Last-Event-ID from before a restart (numbers start again) from one this process issued.
const hub = () => processState.events;
const encoder = new TextEncoder();

function frame(n: Numbered): string {
  const data: StreamNotice = { entity: n.entity, id: n.id, action: n.action, projectId: n.projectId ?? null, department: n.department ?? null, at: n.at };
  return `id: ${hub().epoch}-${n.seq}\nevent: change\ndata: ${JSON.stringify(data)}\n\n`;
}

function start() {
  if (hub().started) return;
  hub().started = true;
  onChange((notice) => {
    const n: Numbered = {
      entity: notice.entity,
      id: notice.id,
      action: notice.action,
      projectId: notice.projectId ?? null,
      department: notice.department ?? null,
      at: notice.at,
      seq: ++hub().seq,
    };
    hub().ring.push(n);
    if (hub().ring.length > RING_SIZE) hub().ring.splice(0, hub().ring.length - RING_SIZE);
    if (hub().clients.size === 0) return;
    if (RECHECK_ENTITIES.has(n.entity)) recheck();
    const text = frame(n);
    for (const client of hub().clients) if (client.filter(n)) client.send(text);
  });
  hub().heartbeat = setInterval(heartbeat, HEARTBEAT_MS);
  hub().heartbeat?.unref?.();
}

/**
 * Stops the heartbeat timer: the streams then end only when a notice takes their right away or they close (tests
 * call it to tell an end at once from one at the next heartbeat, and call `heartbeat()` themselves).
 */
export function stopHeartbeatTimer() {
  if (hub().heartbeat) clearInterval(hub().heartbeat!);
  hub().heartbeat = null;
}

/** A comment line to every stream: keeps proxies and NAT from closing an idle connection, and finds dead ones. */
export function heartbeat() {
  recheck();
  for (const client of hub().clients) client.send(": heartbeat\n\n");
}

/**
 * Ends every stream whose right to notices is gone. Its page is told to reload first (`reset`), so a TV whose link
 * was revoked shows at once that the link is no longer valid, and a signed-out page its sign-in, instead of going
 * quiet.
 */
function recheck() {
  for (const client of hub().clients) {
    if (!client.allowed) continue;
    let ok = false;
    try {
      ok = client.allowed();
    } catch (error) {
      console.error("event stream check failed", error);
    }
    if (ok) continue;
    client.send("event: reset\ndata: {}\n\n");
    client.close();
  }
}

/** The number of the last notice the hub has passed on (0 before the first, or while no stream was ever opened). */
export const lastNoticeSeq = () => hub().seq;

/**
 * The number of the notice an event id names, when this process issued it (decision 0034: a page says which notice
 * it has seen, so an answer made after that notice serves it); null for another process's or a malformed id.
 */
export function noticeSeqOf(eventId: string | null): number | null {
  if (!eventId) return null;
  const [epoch, seqText] = eventId.split("-");
  const seq = Number(seqText);
  return epoch === hub().epoch && Number.isInteger(seq) && seq >= 0 && seq <= hub().seq ? seq : null;
}

/** How many streams are open (tests, /healthz-style diagnostics). */
export const openStreamCount = () => hub().clients.size;

/**
 * What a reconnecting client missed: the notices after `lastEventId`, or null when they are no longer known (the
 * id is from before a restart or older than the ring), in which case the client must reload what it shows.
 */
export function missedSince(lastEventId: string | null): Numbered[] | null {
  if (!lastEventId) return [];
  const [epoch, seqText] = lastEventId.split("-");
  const seq = Number(seqText);
  if (epoch !== hub().epoch || !Number.isInteger(seq) || seq > hub().seq) return null;
  if (seq === hub().seq) return [];
  const first = hub().ring[0];
  if (!first || seq < first.seq - 1) return null;
  return hub().ring.filter((n) => n.seq > seq);
}

/**
 * A `text/event-stream` response that stays open until the client goes away (request.signal aborts). `filter`
 * decides which notices this receiver is shown (a board key sees only what the board shows); `allowed`, when
 * given, is asked again at every heartbeat and after every notice that can take the right away (a revoked board
 * link, a deactivated member), and the stream ends once it says no. Every stream a session or token opens has one.
 */
export function openEventStream(request: Request, filter: (n: StreamNotice) => boolean = () => true, allowed?: () => boolean): Response {
  start();
  const lastEventId = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("lastEventId");
  let client: StreamClient | null = null;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        if (client) hub().clients.delete(client);
        try {
          controller.close();
        } catch {
          // already closed by the runtime
        }
      };
      client = {
        filter,
        allowed,
        close,
        send(text) {
          if (closed) return;
          if ((controller.desiredSize ?? 0) < -MAX_BACKLOG_BYTES) return close();
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            close();
          }
        },
      };
      const missed = missedSince(lastEventId);
      // The retry hint first, then where this stream starts, so the client knows it is connected.
      client.send(`retry: ${RETRY_MS}\nid: ${hub().epoch}-${hub().seq}\nevent: ready\ndata: {}\n\n`);
      if (missed === null) client.send(`event: reset\ndata: {}\n\n`);
      else for (const n of missed) if (filter(n)) client.send(frame(n));
      hub().clients.add(client);
      request.signal.addEventListener("abort", close, { once: true });
      if (request.signal.aborted) close();
    },
    cancel() {
      client?.close();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      // Proxies (nginx) must pass each event on at once instead of buffering the response.
      "X-Accel-Buffering": "no",
    },
  });
}
