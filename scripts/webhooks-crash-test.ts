// npm run webhooks:crash-test: the webhook crash test with 20 kill -9s (tests/helpers/webhook-crash.ts), after
// `npm run build`. Prints the figures; exits 1 when a delivery was lost, unsigned, out of order or re-sent under a
// new webhook-id. WEBHOOK_CRASH_SEED=<seed> replays the kill moments.
import { runWebhookCrashTest } from "../tests/helpers/webhook-crash";

const USAGE = `Usage: bun scripts/webhooks-crash-test.ts [KILLS]   (npm run webhooks:crash-test [-- KILLS])
  KILLS   how many times the server is killed with SIGKILL (default 20); WEBHOOK_CRASH_SEED=<seed> replays a run`;
if (process.argv[2] === "--help" || process.argv[2] === "-h") {
  console.log(USAGE);
  process.exit(0);
}
const kills = Number(process.argv[2] ?? 20);
if (!Number.isSafeInteger(kills) || kills < 1 || process.argv.length > 3) {
  console.error(`webhooks-crash-test: the one argument is a number of kills, 1 or more, not "${process.argv.slice(2).join(" ")}".\n${USAGE}`);
  process.exit(2);
}
const f = await runWebhookCrashTest({ kills, log: (s) => console.log(s) });
console.log(`
changes acknowledged   ${f.changes} (${f.projectsCreated} new projects, ${f.renames} renames, ${f.scans} scans)
deliveries written     ${f.deliveriesWritten}
deliveries received    ${f.received} (${f.distinctReceived} distinct webhook-ids, ${f.duplicates} repeats)
lost                   ${f.lost.length}${f.lost.length ? `: ${f.lost.slice(0, 10).join(", ")}` : ""}
signature failures     ${f.unverified}
out of order           ${f.outOfOrder}
one event, two ids     ${f.sameEventTwoIds}
kills                  ${f.kills} (${f.seed})
time                   ${f.seconds} s`);
process.exit(f.lost.length || f.unverified || f.outOfOrder || f.sameEventTwoIds || f.distinctReceived !== f.deliveriesWritten ? 1 : 0);
