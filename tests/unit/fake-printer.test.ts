import { afterEach, expect, test } from "bun:test";
import { connect } from "node:net";
import { startFakePrinter, type FakePrinter } from "../helpers/fake-printer";

// The stand-in printer of the label tests: a job is awaited on the socket's events, and a test that expects no
// connection can ask without waiting a fixed time.

let printer: FakePrinter;
afterEach(() => printer.stop());

const send = (bytes: string) => {
  const s = connect(printer.port, "127.0.0.1");
  s.end(bytes);
  return s;
};

test("received() resolves once the sender has closed: each connection's bytes are one job", async () => {
  printer = await startFakePrinter();
  const first = printer.received(1);
  send("^XA\n^FDone^FS\n^XZ\n");
  expect(await first).toEqual(["^XA\n^FDone^FS\n^XZ\n"]);
  send("^XA^XZ");
  expect(await printer.received(2)).toEqual(["^XA\n^FDone^FS\n^XZ\n", "^XA^XZ"]);
  await expect(printer.received(3, 50)).rejects.toThrow("the printer received 2 of 3 jobs in 50 ms");
});

test("openedBefore() counts every connection made before the call, and none of its own", async () => {
  printer = await startFakePrinter();
  expect(await printer.openedBefore()).toBe(0);
  const s = connect(printer.port, "127.0.0.1");
  await new Promise((r) => s.once("connect", r));
  expect(await printer.openedBefore()).toBe(1);
  s.destroy();
  expect(printer.jobs).toEqual([]);
});
