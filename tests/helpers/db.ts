// Unit tests' database, on the source modules: for tests that never load the server bundle. A test that serves
// requests takes its database from tests/helpers/app.ts instead, on the bundle's own modules (decision 0047).
import { connect, getDb, openDatabase, setDb } from "~/infra/db.server";
import { resetEnvForTests } from "~/infra/env.server";
import { resetProcessState } from "~/infra/process-state.server";
import { setSecretForTests } from "~/infra/secret.server";
import { forgetPreparedForTests } from "~/models/prepared.server";
import { setForecastTimingForTests } from "~/models/project-forecast.server";
import { forgetSessions } from "~/models/session-store.server";
import { createTeamMember } from "~/models/team-member.server";
import { freshDatabases } from "./fresh-database";
import { statementWatchers } from "./statements";

export const { useTestDb } = freshDatabases({
  connect,
  openDatabase,
  setDb,
  resetProcessState,
  resetEnvForTests,
  setSecretForTests,
  setForecastTimingForTests,
});
export const { countStatements, captureStatements, statementsByTransaction } = statementWatchers({ getDb, forgetPreparedForTests, forgetSessions });

export function addMember(name: string, pinCode: string, accessibleDepartments: string[], isActive = true) {
  return createTeamMember({ name, pinCode, accessibleDepartments, isActive }, { id: null, name: "test" });
}
