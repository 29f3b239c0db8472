import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { migrate } from "../../db/migrate";
import { migrations } from "../../db/migrations.gen";

// The delivery log kept up to 200 characters of a receiver's answer (a way to read error pages of services only
// the server reaches). The migration that adds the previous secret also clears them: the status and its standard
// reason stay, network errors are left as they were.

const at = migrations.findIndex((m) => m.tag.endsWith("_webhook_secrets_and_answers"));

describe("the migration clearing receivers' answers from the delivery log", () => {
  test("keeps the status and its reason, drops the body and the receiver's own reason text", () => {
    expect(at).toBeGreaterThan(0);
    const db = new Database(":memory:", { strict: true });
    migrate(db, migrations.slice(0, at));
    db.run("INSERT INTO webhook_endpoints (id, name, url, events, secret) VALUES (1, 'ERP', 'http://10.0.0.5/x', '[]', 'whsec_x')");
    const rows: [number | null, string | null][] = [
      [502, "HTTP 502 Bad Gateway: <html>db password: hunter2</html>"],
      [404, "HTTP 404 Whatever the receiver said: Not here"],
      [599, "HTTP 599: custom"],
      [null, "Connection refused"],
      [null, "No answer within 10 s"],
      [200, null],
    ];
    rows.forEach(([status, error], i) =>
      db
        .query(
          "INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, payload, status, last_status, last_error) VALUES (1, ?, 'item.moved', '{}', 'pending', ?, ?)",
        )
        .run(`msg_${i}`, status, error),
    );
    migrate(db, migrations);
    expect(
      db
        .query<{ e: string | null }, []>("SELECT last_error AS e FROM webhook_deliveries ORDER BY id")
        .all()
        .map((r) => r.e),
    ).toEqual(["HTTP 502 Bad Gateway", "HTTP 404 Not Found", "HTTP 599", "Connection refused", "No answer within 10 s", null]);
    db.close();
  });
});
