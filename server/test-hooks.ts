// What the request tests seed and inspect through: the bundle's own copies of the modules that hold process state
// (decision 0047). server/app.ts exports this module as `hooks`, so a test that serves through the bundle reads
// and writes the same database handle, caches and settings its requests do, and never loads a second copy of a
// module from source. They are module exports, not routes: nothing here is reachable over HTTP.
export { resetProcessState } from "~/infra/process-state.server";
export { connect, getDb, openDatabase, setDb } from "~/infra/db.server";
export { getEnv, resetEnvForTests } from "~/infra/env.server";
export { getSecret, setSecretForTests } from "~/infra/secret.server";
export { HEARTBEAT_MS, heartbeat, openStreamCount, RETRY_MS, stopHeartbeatTimer } from "~/infra/event-stream.server";
export { clearQrCacheForTests } from "~/infra/qr.server";
export { popToast, toastCookie } from "~/http/toast-cookie.server";
export { flowAnalytics } from "~/models/analytics.server";
export { writeAudit } from "~/models/audit.server";
export { bootstrapDatabase } from "~/models/bootstrap.server";
export { auditNote, listAudit, PRUNE_BATCH, pruneAudit } from "~/models/audit-trail.server";
export { createBoardKey } from "~/models/board.server";
export { databaseAnswers } from "~/models/health.server";
export { countItems, listItemsPage } from "~/models/item.server";
export { CLICK_QR_FIRST, createMachineFiles, getMachineFileLabel, IMPORT_BATCH_ROWS } from "~/models/machine-file.server";
export { ORDER_BATCH_WEIGHT } from "~/models/order-import.server";
export { workflowItemCounts } from "~/models/overview.server";
export { forgetPreparedForTests } from "~/models/prepared.server";
export { projectSummary } from "~/models/project.server";
export { forecastStatus, setForecastTimingForTests } from "~/models/project-forecast.server";
export { forgetSessions } from "~/models/session-store.server";
export { getSetupCounts } from "~/models/setup.server";
export { forgetShopSettings, getShopSettings } from "~/models/shop-settings.server";
export { createTeamMember, updateTeamMember } from "~/models/team-member.server";
export { alreadyRunningMessage, DEVICE_TIME_MAX_AGE_MS, endTimer, pauseTimer, startTimer, toggleTimer, undoAdvance } from "~/models/timer.server";
export { dayEndPausesFor, pauseTimersAtDayEnd } from "~/models/day-end-pause.server";
export { itemNotHereMessage, stationNotHereMessage } from "~/models/work-list.server";
export { setSlowLaneForTests, writeUpWindows } from "~/services/auth.server";
export { backUpByHand, startBackupScheduler } from "~/services/backups.server";
export { knownDeviceId } from "~/services/known-device.server";
export { itemQrUrl } from "~/services/shop-address.server";
export { retryDelay, signWebhook, startWebhookSender } from "~/services/webhook-sender.server";
export { pageDataETag } from "~/pipeline/page-data-etag.server";
export { routeRules } from "~/pipeline/route-rules.server";
