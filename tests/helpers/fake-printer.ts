import { connect, createServer, type AddressInfo, type Socket } from "node:net";

export type FakePrinter = {
  port: number;
  /** Every job received so far: the bytes of one connection, complete once the sender closed it. */
  jobs: string[];
  /**
   * Resolves with the jobs once `count` of them have arrived in full (at once if they already have); rejects,
   * saying how many came, if they have not within `timeoutMs`.
   */
  received(count?: number, timeoutMs?: number): Promise<string[]>;
  /**
   * How many connections others had opened by the time of the call: the printer opens one of its own and answers
   * once it is accepted; connections are accepted in the order they were made, so none made earlier is missed.
   */
  openedBefore(): Promise<number>;
  stop(): Promise<void>;
};

/**
 * A TCP listener standing in for a thermal printer on port 9100 (in this process, for Bun's tests and for
 * Playwright's): it keeps the bytes of each connection as one job. A test awaits the job instead of polling:
 * the promise settles on the socket's own events, the moment the last byte is in.
 */
export function startFakePrinter(port = 0): Promise<FakePrinter> {
  const jobs: string[] = [];
  const accepted: number[] = []; // the remote port of every connection, in the order accepted
  const probes = new Set<number>();
  const sockets = new Set<Socket>();
  const waiting = new Set<() => void>();
  const wake = () => {
    for (const w of waiting) w();
  };
  const until = (done: () => boolean, timeoutMs: number, failure: () => string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(check);
        reject(new Error(failure()));
      }, timeoutMs);
      const check = () => {
        if (!done()) return;
        waiting.delete(check);
        clearTimeout(timer);
        resolve();
      };
      waiting.add(check);
      check();
    });

  const server = createServer((socket) => {
    sockets.add(socket);
    accepted.push(socket.remotePort!);
    let bytes = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (bytes += chunk));
    // A printer takes the job as the sender closes its side: every byte has arrived by then.
    socket.on("end", () => {
      if (!probes.has(socket.remotePort!)) jobs.push(bytes);
      socket.end();
      wake();
    });
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    wake();
  });

  const printer: FakePrinter = {
    port: 0,
    jobs,
    async received(count = 1, timeoutMs = 30_000) {
      await until(
        () => jobs.length >= count,
        timeoutMs,
        () => `the printer received ${jobs.length} of ${count} jobs in ${timeoutMs} ms`,
      );
      return jobs;
    },
    async openedBefore() {
      const probe = connect(printer.port, "127.0.0.1");
      await new Promise<void>((resolve, reject) => probe.once("connect", resolve).once("error", reject));
      const own = probe.localPort!;
      probes.add(own);
      await until(
        () => accepted.includes(own),
        5000,
        () => "the printer did not accept its own connection",
      );
      probe.destroy();
      return accepted.slice(0, accepted.indexOf(own)).filter((p) => !probes.has(p)).length;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      printer.port = (server.address() as AddressInfo).port;
      resolve(printer);
    });
  });
}
