import { type BackupCopy, writeBackupCopy } from "./backup-copy";

// The backup worker of infra/backup-folders.server.ts (docs/decisions/0044-automatic-backups.md): on seed-large
// data the copy takes seconds and its integrity check longer, which on the request thread would stop every page
// and scan meanwhile. An entry point of its own, like the checkpoint worker: Vite emits it beside the server
// bundle (vite.config.ts) and the compiled binary carries it (scripts/compile.ts).

export type BackupWorkerCommand = { kind: "copy" } & BackupCopy;
export type BackupWorkerReport = { kind: "done"; sizeBytes: number } | { kind: "failed"; message: string };

declare const self: {
  postMessage(message: BackupWorkerReport): void;
  onmessage: ((event: MessageEvent<BackupWorkerCommand>) => void) | null;
};

self.onmessage = (event: MessageEvent<BackupWorkerCommand>) => {
  try {
    const { sizeBytes } = writeBackupCopy(event.data);
    self.postMessage({ kind: "done", sizeBytes });
  } catch (error) {
    self.postMessage({ kind: "failed", message: String((error as Error)?.message ?? error) });
  }
};
