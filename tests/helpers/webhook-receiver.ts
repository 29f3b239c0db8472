import { Webhook } from "standardwebhooks";

// A webhook receiver on a free local port, as a shop's other program would run one: every delivery is checked
// with the `standardwebhooks` package (an implementation independent of the server's), and kept in arrival order.

export type Received = {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  type: string;
  data: Record<string, unknown>;
  /** Whether the signature verified with the secret the receiver was given (null: no secret given yet). */
  verified: boolean | null;
  at: number;
};

export type Receiver = {
  url: string;
  received: Received[];
  /** The secret to verify with (the endpoint's, copied from its page). */
  setSecret(secret: string): void;
  /** How to answer the next deliveries: a status code, or a function of the delivery. */
  answer(fn: (r: Received) => number | Promise<number>): void;
  stop(): Promise<void>;
};

export function startReceiver(): Receiver {
  let hook: Webhook | null = null;
  let answer: (r: Received) => number | Promise<number> = () => 200;
  const received: Received[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const body = await req.text();
      const headers = {
        "webhook-id": req.headers.get("webhook-id") ?? "",
        "webhook-timestamp": req.headers.get("webhook-timestamp") ?? "",
        "webhook-signature": req.headers.get("webhook-signature") ?? "",
      };
      let verified: boolean | null = null;
      if (hook) {
        try {
          hook.verify(body, headers);
          verified = true;
        } catch {
          verified = false;
        }
      }
      let parsed: { type?: string; data?: Record<string, unknown> } = {};
      try {
        parsed = JSON.parse(body);
      } catch {
        // kept as it came
      }
      const r: Received = {
        id: headers["webhook-id"],
        timestamp: headers["webhook-timestamp"],
        signature: headers["webhook-signature"],
        body,
        type: parsed.type ?? "",
        data: parsed.data ?? {},
        verified,
        at: Date.now(),
      };
      received.push(r);
      return new Response(null, { status: await answer(r) });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/hook`,
    received,
    setSecret: (secret) => (hook = new Webhook(secret)),
    answer: (fn) => (answer = fn),
    stop: async () => {
      await server.stop(true);
    },
  };
}
