import { processState } from "~/infra/process-state.server";
import { z } from "zod";
import { LOOPBACK } from "~/domain/ip";
import { parseProxyRange } from "~/infra/trusted-proxies.server";
import { BACKUP_EVERY_HINT, parseBackupEvery } from "~/domain/backup-schedule";

const flag = z
  .enum(["0", "1", "true", "false", "yes", "no", ""], { error: "must be 1 or 0" })
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "yes");

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: "must be a port number from 1 to 65535" })
    .int("must be a port number from 1 to 65535")
    .min(1, "must be a port number from 1 to 65535")
    .max(65535, "must be a port number from 1 to 65535")
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  PUBLIC_URL: z
    .url({ message: "must be an absolute http(s) URL, e.g. https://shop.example.com" })
    .refine((u) => /^https?:\/\//.test(u), "must start with http:// or https://")
    .transform((u) => u.replace(/\/+$/, ""))
    .optional(),
  SHOP_TIMEZONE: z
    .string()
    .default("America/Chicago")
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, "must be an IANA time zone such as America/Chicago"),
  ADMIN_PIN: z
    .string()
    .regex(/^\d{4}$/, "must be exactly 4 digits")
    .optional(),
  ADMIN_NAME: z.string().trim().min(1).default("Administrator"),
  SESSION_IDLE_MINUTES: z.coerce
    .number({ error: "must be a whole number of minutes, 1 or more" })
    .int("must be a whole number of minutes, 1 or more")
    .min(1, "must be a whole number of minutes, 1 or more")
    .default(720),
  // Audit entries older than this many days are removed (every 10 minutes); 0 keeps them forever. A server setting,
  // not a Global Settings one: a management PIN must not be able to erase the record of what was done with it.
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ error: "must be a whole number of days, 0 to keep every entry" })
    .int("must be a whole number of days, 0 to keep every entry")
    .min(0, "must be a whole number of days, 0 to keep every entry")
    .max(36500, "must be at most 36500")
    .default(0),
  MAX_UPLOAD_MB: z.coerce
    .number({ error: "must be a number of megabytes above 0" })
    .positive("must be a number of megabytes above 0")
    .max(2048, "must be at most 2048")
    .default(50),
  // Off, `1` (a proxy on this machine: loopback), or the proxies' addresses/CIDRs, comma-separated. Forwarded
  // headers are believed only from these peers: anybody else could claim any address and dodge the throttle.
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const s = (v ?? "").trim().toLowerCase();
      if (s === "" || s === "0" || s === "false" || s === "no") return [] as string[];
      if (s === "1" || s === "true" || s === "yes") return LOOPBACK;
      const list = s
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean);
      const bad = list.filter((x) => !parseProxyRange(x));
      if (bad.length) {
        ctx.addIssue({ code: "custom", message: `must be 1, or addresses/CIDRs of the proxy such as 10.0.0.2,192.168.1.0/24 (not: ${bad.join(", ")})` });
        return z.NEVER;
      }
      return list;
    }),
  DEMO: flag,
  // Other names the server answers to once the shop's address is known (PUBLIC_URL or Global Settings → Shop
  // address): any other Host is refused (DNS rebinding; docs/decisions/0026-shop-address-and-labels.md).
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? "")
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean)
        .map(hostOnly);
      const bad = list.filter((h) => !h.ok).map((h) => h.input);
      if (bad.length) {
        ctx.addIssue({
          code: "custom",
          message: `must be host names or IP addresses, comma-separated, e.g. shop-server,192.168.1.20 (not: ${bad.join(", ")})`,
        });
        return z.NEVER;
      }
      return list.map((h) => h.host);
    }),
  // Ports a label printer may be reached on: the raw ZPL ports unless the operator lists others. Anything else
  // would let whoever prints a label probe the network's services.
  PRINTER_PORTS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? "")
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean);
      if (list.length === 0) return [...DEFAULT_PRINTER_PORTS];
      const bad = list.filter((x) => !/^\d{1,5}$/.test(x) || Number(x) < 1 || Number(x) > 65535);
      if (bad.length) {
        ctx.addIssue({ code: "custom", message: `must be port numbers from 1 to 65535, comma-separated, e.g. 9100,6101 (not: ${bad.join(", ")})` });
        return z.NEVER;
      }
      return [...new Set(list.map(Number))];
    }),
  // Automatic backups (docs/decisions/0044-automatic-backups.md): off unless BACKUP_DIR names a folder, best on
  // another disk or a NAS mount.
  BACKUP_DIR: z.string().optional(),
  BACKUP_EVERY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const ms = parseBackupEvery(v ?? "24h");
      if (ms === null) {
        ctx.addIssue({ code: "custom", message: BACKUP_EVERY_HINT });
        return z.NEVER;
      }
      return ms;
    }),
  BACKUP_KEEP: z.coerce
    .number({ error: "must be a whole number of backups to keep, 1 or more, e.g. 14" })
    .int("must be a whole number of backups to keep, 1 or more, e.g. 14")
    .min(1, "must be a whole number of backups to keep, 1 or more, e.g. 14")
    .max(10_000, "must be at most 10000")
    .default(14),
});

export const DEFAULT_PRINTER_PORTS = [9100, 6101] as const;

/**
 * A host name or address as the host check compares it: lower case, no trailing dot, no port, an IPv6 address in
 * brackets (as URL.hostname writes it).
 */
export function hostOnly(input: string): { ok: boolean; input: string; host: string } {
  let s = input.trim().toLowerCase();
  let v6 = /^\[[0-9a-f:.]+\](:\d+)?$/.test(s) ? s.slice(1, s.indexOf("]")) : null;
  if (v6 === null && s.split(":").length > 2 && /^[0-9a-f:.]+$/.test(s)) v6 = s;
  if (v6 !== null) {
    try {
      return { ok: true, input, host: new URL(`http://[${v6}]/`).hostname };
    } catch {
      return { ok: false, input, host: s };
    }
  }
  s = s.replace(/:\d+$/, "").replace(/\.$/, "");
  const ok = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(s);
  return { ok, input, host: s };
}

export type Env = z.infer<typeof EnvSchema>;

/** `shopflow --help`: every variable, its default and meaning (the README does not ship with the binary). */
export const ENV_HELP: [name: string, fallback: string, meaning: string][] = [
  ["PORT", "3000", "HTTP port"],
  ["HOST", "0.0.0.0", "address to listen on"],
  ["DATA_DIR", "./data", "database (shopflow.db), server secret (secret.key) and uploaded files"],
  ["PUBLIC_URL", "(unset)", "address staff use, e.g. https://shop.example.com; QR labels encode {PUBLIC_URL}/qr/{id}"],
  ["SHOP_TIMEZONE", "America/Chicago", "IANA time zone every date is shown in"],
  ["ADMIN_PIN", "(unset)", "4-digit PIN of the administrator created on the first start"],
  ["ADMIN_NAME", "Administrator", "that administrator's name"],
  ["SESSION_IDLE_MINUTES", "720", "a session ends after this long without a request"],
  ["MAX_UPLOAD_MB", "50", "largest design PDF accepted"],
  ["AUDIT_RETENTION_DAYS", "0", "remove audit-trail entries older than this many days; 0 keeps them forever"],
  [
    "TRUST_PROXY",
    "off",
    "1 = a reverse proxy on this machine (loopback), or the proxies' addresses/CIDRs, comma-separated; only they may set X-Forwarded-For/-Proto/-Host",
  ],
  ["DEMO", "0 (1 with npm start)", "1 fills an empty database with the demo shop (same as --demo)"],
  [
    "ALLOWED_HOSTS",
    "(none)",
    "other host names or addresses the server answers to, comma-separated; once the shop's address is known, any other Host gets 421",
  ],
  ["PRINTER_PORTS", "9100,6101", "ports label printers may be reached on, comma-separated"],
  ["BACKUP_DIR", "(unset: no automatic backups)", "folder for automatic backups, best on another disk or a NAS mount, e.g. /mnt/nas/shopflow"],
  ["BACKUP_EVERY", "24h", "time between automatic backups: a whole number with s, m, h or d, e.g. 6h"],
  ["BACKUP_KEEP", "14", "automatic backups kept in BACKUP_DIR; older ones are removed"],
];

const g = processState;

export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([k, v]) => k in EnvSchema.shape && v !== undefined && v !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (result.success && !result.data.BACKUP_DIR) {
    // A schedule without a folder would look configured and back up nothing.
    const stray = (["BACKUP_EVERY", "BACKUP_KEEP"] as const).filter((k) => k in cleaned);
    if (stray.length)
      throw new Error(
        `Invalid configuration:\n${stray.map((k) => `  ${k}: needs BACKUP_DIR, the folder the backups go to, e.g. BACKUP_DIR=/mnt/nas/shopflow`).join("\n")}`,
      );
  }
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** Read and validate the environment once; every later call returns the same object. */
export function getEnv(): Env {
  g.env ??= parseEnv(process.env);
  return g.env;
}

export function resetEnvForTests(values?: Record<string, string | undefined>) {
  g.env = values ? parseEnv(values) : undefined;
}
