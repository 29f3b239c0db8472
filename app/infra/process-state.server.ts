import type { TeamMember } from "#db/schema";
import type { SignedInUser } from "~/domain/entities";
import type { Schedule } from "~/domain/schedule";
import type { RunningCopy } from "~/infra/backup-folders.server";
import type { ChangeListener } from "~/infra/change-notices.server";
import type { WriteGate } from "~/infra/checkpointer.server";
import type { DB } from "~/infra/db.server";
import type { Env } from "~/infra/env.server";
import type { Hub } from "~/infra/event-stream.server";
import type { Metrics } from "~/infra/metrics.server";
import type { QrImage } from "~/infra/qr.server";

// Everything the server keeps for the life of its process, in one typed record (decision 0047): the database
// handle, the environment and secret, the event hub, the scan queue, the write gate, the caches. A module keeps no
// state of its own beside it; it reads its part here on every use, so `resetProcessState` starts every part again
// at once (the tests do, between databases).
//
// The record is kept on globalThis because the dev server evaluates a module again after an edit: the new copy
// must find the same database handle, open event streams and queued scans, not open a second set. The running
// server and the tests load one copy of every module (decisions 0031 and 0047), so nothing else shares it.

// Parts whose contents a layer above this one defines. The layer that owns each fills it in where it defines it
// (`declare module "~/infra/process-state.server"`), so the record names every part while imports point down.
// biome-ignore lint/suspicious/noEmptyInterface: filled in by app/models/timer.server.ts
export interface ScanJob {}
// biome-ignore lint/suspicious/noEmptyInterface: filled in by app/models/project-forecast.server.ts
export interface ForecastState {}
// biome-ignore lint/suspicious/noEmptyInterface: filled in by app/services/backups.server.ts
export interface BackupScheduler {}

export type CachedSession = { member: TeamMember; lastSeen: number; readAt: number };
export type KeptSchedule = { generation: number; schedule: Schedule; ms: number };
export type WebhookSubscriber = { id: number; events: ReadonlySet<string> };
export type SlowLane = { slotMs: number; maxWaitMs: number; sleep: (ms: number) => Promise<unknown> };
export type ForecastWake = { cancel: () => void };
export type ForecastTiming = {
  clock: () => number;
  reuse: (computeMs: number) => number;
  now: () => number;
  schedule: (run: () => void, ms: number) => ForecastWake;
};
export type RunningBackup = { since: number; copy: RunningCopy | null; finished: Promise<unknown> };
export type TokenBucket = { tokens: number; at: number };
export type TokenUse = { lastRowAt: number; lastRow: Date | null; since: number };
export type UploadedFile = { field: string; fileName: string; type: string; size: number; path: string };

export type ProcessState = {
  // --- infra ---
  /** The open database (infra/db.server.ts); opened on first use from DATA_DIR. */
  db: DB | undefined;
  /** The parsed environment (infra/env.server.ts); read on first use. */
  env: Env | undefined;
  /** The session-signing secret (infra/secret.server.ts); read or made on first use. */
  secret: Buffer | undefined;
  /** Who listens to change notices, and the versions of each scope (infra/change-notices.server.ts, decision 0034). */
  changes: { listeners: Set<ChangeListener>; epoch: string; counts: Map<string, number> };
  /** The live pages' event streams and the notices they may ask for again (infra/event-stream.server.ts). */
  events: Hub;
  /** QR images already encoded, most recent last (infra/qr.server.ts). */
  qrImages: Map<string, Promise<QrImage>>;
  /** The counters and histograms of GET /metrics (infra/metrics.server.ts); made on first use. */
  metrics: Metrics | undefined;
  /** Held while a checkpoint lets the log start over: batched writes wait (infra/checkpointer.server.ts). */
  writeGate: WriteGate;

  // --- models ---
  /** Compiled queries per database handle (models/prepared.server.ts). */
  prepared: WeakMap<DB, Map<string, unknown>>;
  /** Session lookups per database handle (models/session-store.server.ts). */
  sessions: WeakMap<DB, Map<string, CachedSession>>;
  /** Scans that arrived in this turn of the event loop, committed together (models/timer.server.ts). */
  scanQueue: ScanJob[] | null;
  /** The forecast's state per database handle (models/project-forecast.server.ts). */
  forecasts: WeakMap<DB, ForecastState>;
  /** Whether the forecast listens to change notices yet: its one listener's removal. */
  forecastListener: (() => void) | null;
  /** How a forecast's computation is timed and reused; unset parts are the server's own (tests set them). */
  forecastTiming: Partial<ForecastTiming>;
  /** The schedule worked out from the forecast, per database handle (models/booked-schedule.server.ts). */
  schedules: WeakMap<DB, KeptSchedule>;
  /** The active webhook endpoints, and the sender's wake-ups after a write (models/webhook-outbox.server.ts). */
  webhookEndpoints: WeakMap<DB, WebhookSubscriber[]>;
  webhookWakers: { set: Set<() => void>; scheduled: boolean };
  /** Failed deliveries counted for management's notice, and the running sender's wake-up (models/webhook.server.ts). */
  webhookFailedCount: WeakMap<DB, number>;
  webhookSenderWake: (() => void) | null;

  // --- services ---
  /** The sign-in slow lane: the next free slot, and the lane's shape where tests set it (services/auth.server.ts). */
  signInLane: { next: number; forTests: Partial<SlowLane> };
  /** The last sign-in window whose refusals were written up. */
  signInWindow: { checked: number };
  /** Who is signed in, per request: one lookup per request (services/session.server.ts). */
  usersByRequest: WeakMap<Request, SignedInUser | null>;
  /** The automatic backup being made, the running schedule, and whether the server is stopping (a copy cut short
   * then is recorded as interrupted) (services/backups.server.ts). */
  backups: { running: RunningBackup | null; stopping: boolean; scheduler: BackupScheduler | null };

  // --- pipeline ---
  /** API tokens' rate buckets and use summaries (pipeline/token-auth.server.ts). */
  tokenBuckets: Map<string, TokenBucket>;
  tokenUses: Map<string, TokenUse>;
  /** Files a request uploaded, and the upload slots (pipeline/uploads.server.ts). */
  uploadsByRequest: WeakMap<Request, UploadedFile[]>;
  uploadSlots: { active: number; waiting: (() => void)[] };
};

/** The state of a process that has not done anything yet. */
function freshState(): ProcessState {
  const epoch = Date.now().toString(36);
  return {
    db: undefined,
    env: undefined,
    secret: undefined,
    // The epochs tell a version or Last-Event-ID from before a restart (numbers start again) from one this process issued.
    changes: { listeners: new Set(), epoch, counts: new Map() },
    events: { epoch, seq: 0, ring: [], clients: new Set(), started: false, heartbeat: null },
    qrImages: new Map(),
    metrics: undefined,
    writeGate: { held: false, waiters: [] },
    prepared: new WeakMap(),
    sessions: new WeakMap(),
    scanQueue: null,
    forecasts: new WeakMap(),
    forecastListener: null,
    forecastTiming: {},
    schedules: new WeakMap(),
    webhookEndpoints: new WeakMap(),
    webhookWakers: { set: new Set(), scheduled: false },
    webhookFailedCount: new WeakMap(),
    webhookSenderWake: null,
    signInLane: { next: 0, forTests: {} },
    signInWindow: { checked: 0 },
    usersByRequest: new WeakMap(),
    backups: { running: null, stopping: false, scheduler: null },
    tokenBuckets: new Map(),
    tokenUses: new Map(),
    uploadsByRequest: new WeakMap(),
    uploadSlots: { active: 0, waiting: [] },
  };
}

const KEY = Symbol.for("shopflow.process-state");
const held = globalThis as { [KEY]?: ProcessState };
// A record kept from before an edit (dev server) gets the parts added since; what it holds stays.
const kept = held[KEY];
/** This process's state. The object never changes; `resetProcessState` sets its parts again. */
export const processState: ProcessState = kept ? Object.assign(kept, { ...freshState(), ...kept }) : (held[KEY] = freshState());

/**
 * Starts every part again, as in a new process: closes the database and the open event streams, drops queued
 * scans and waiting uploads, forgets every cache and setting. Tests call it before each new database; a running
 * schedule or sender is stopped by whoever started it (their stop is asynchronous).
 */
export function resetProcessState() {
  const s = processState;
  for (const client of s.events.clients) client.close();
  if (s.events.heartbeat) clearInterval(s.events.heartbeat);
  s.forecastListener?.();
  s.db?.$client.close();
  Object.assign(s, freshState());
}
