import { expect, test } from "bun:test";
import { SOAK } from "../helpers/soak";
import { runWebhookCrashTest } from "../helpers/webhook-crash";

// kill -9 during a stream of changes loses no webhook delivery and repeats one only under its own webhook-id
// (docs/decisions/0042-webhooks.md). Per commit the server is killed twice; `npm run test:soak` and
// `npm run webhooks:crash-test` kill it 20 times (the latter prints the figures).
const KILLS = SOAK ? 20 : 2;

test(
  `${KILLS} SIGKILLs during a stream of changes: every change's delivery arrives, signed, in order; a repeat has its webhook-id`,
  async () => {
    const f = await runWebhookCrashTest({ kills: KILLS });
    console.log(`webhook crash test: ${JSON.stringify(f)}`);
    expect(f.changes).toBeGreaterThanOrEqual(KILLS * 10);
    expect(f.lost).toEqual([]);
    expect(f.unverified).toBe(0);
    expect(f.outOfOrder).toBe(0);
    expect(f.sameEventTwoIds).toBe(0);
    expect(f.distinctReceived).toBe(f.deliveriesWritten);
  },
  { timeout: SOAK ? 600_000 : 120_000 },
);
