import { expect, test } from "bun:test";
import { runWebhookCrashTest } from "../helpers/webhook-crash";

// kill -9 during a stream of changes loses no webhook delivery and repeats one only under its own webhook-id
// (docs/decisions/0042-webhooks.md). The default run kills the server 4 times; `npm run webhooks:crash-test`
// kills it 20 times and prints the figures.

test(
  "4 SIGKILLs during a stream of changes: every change's delivery arrives, signed, in order; a repeat has its webhook-id",
  async () => {
    const f = await runWebhookCrashTest({ kills: 4 });
    console.log(`webhook crash test: ${JSON.stringify(f)}`);
    expect(f.changes).toBeGreaterThan(20);
    expect(f.lost).toEqual([]);
    expect(f.unverified).toBe(0);
    expect(f.outOfOrder).toBe(0);
    expect(f.sameEventTwoIds).toBe(0);
    expect(f.distinctReceived).toBe(f.deliveriesWritten);
  },
  { timeout: 120_000 },
);
