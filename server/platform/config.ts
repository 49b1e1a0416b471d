import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

// The only place that reads process.env (ARCHITECTURE idiom 12).

/**
 * Who is believed about the client's address: nobody (clients connect directly), the named
 * proxy addresses, or (an old setting, warned about at start) any peer for a number of hops.
 */
export type TrustProxy = null | { addresses: string[] } | { hops: number };

const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's names. */
function isProxyAddress(value: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(value)) return true;
  const [ip, prefix, ...rest] = value.split('/');
  if (rest.length > 0 || !ip) return false;
  const family = net.isIP(ip);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}
/**
 * The canonical name of an IANA time zone (`asia/tokyo`, `Japan` -> `Asia/Tokyo`), or null when
 * this Node cannot use it: checked with the same Intl that every business date goes through, so
 * a zone that passes here cannot fail at the first request.
 */
function timeZoneName(value: string): string | null {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const envSchema = z.object({
  DATA_DIR: z.string().default('./data'),
  /** File name inside DATA_DIR; ":memory:" for a throwaway database. */
  DB_FILE: z.string().default('app.db'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /**
   * The business's time zone: its "today" (order dates, cut-offs, reports, the daily backup).
   * Its own setting, not the process's TZ, which containers and service managers set for their
   * own reasons (TZ=UTC would date every order before 09:00 in Tokyo a day early).
   */
  BUSINESS_TIME_ZONE: z
    .string()
    .default('Asia/Tokyo')
    .transform((value, ctx) => {
      const zone = timeZoneName(value);
      if (zone) return zone;
      ctx.addIssue({
        code: 'custom',
        message: `BUSINESS_TIME_ZONE=${value} is not a time zone name; use e.g. Asia/Tokyo`,
      });
      return z.NEVER;
    }),
  ADMIN_USERNAME: z.string().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /**
   * Who may set the client address (`X-Forwarded-For`) and scheme (`X-Forwarded-Proto`): the
   * proxy's own addresses, comma-separated (`127.0.0.1`, `10.0.0.0/8`, `::1`, or proxy-addr's
   * names `loopback`, `linklocal`, `uniquelocal`). A bare hop count (`1`, `true`) still works
   * but trusts whoever connects; the server warns about it at start (docs/decisions/024).
   */
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((v, ctx): TrustProxy => {
      const value = v.trim();
      if (value === '0' || value === 'false') return null;
      if (value === 'true') return { hops: 1 };
      if (/^\d{1,2}$/.test(value)) {
        const hops = Number(value);
        if (hops >= 1 && hops <= 10) return { hops };
      } else {
        const addresses = value.split(',').map((a) => a.trim());
        if (addresses.length > 0 && addresses.every(isProxyAddress)) return { addresses };
      }
      ctx.addIssue({
        code: 'custom',
        message: "the proxy's addresses, comma-separated (e.g. 127.0.0.1 or 10.0.0.0/8), or 0",
      });
      return z.NEVER;
    }),
  /** Where backups go (`npm run backup` and the daily copy); default DATA_DIR/backups. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How many daily copies the server keeps. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  /**
   * Hour of the business day (BUSINESS_TIME_ZONE) from which the server takes the day's copy,
   * or "off".
   */
  BACKUP_HOUR: z.union([z.literal('off'), z.coerce.number().int().min(0).max(23)]).default(5),
  /**
   * The SMTP server documents are e-mailed through, e.g. `smtp://user:pass@mail.example:587` or
   * `smtps://...` (nodemailer's URL form). Without it, sending is switched off and says why.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender of documents' mail, e.g. `"Sakura Foods" <billing@sakura.example>`. */
  MAIL_FROM: z.string().min(3).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  dataDir: string;
  dbPath: string;
  uploadsDir: string;
  clientDir: string;
  port: number;
  host: string;
  /** The business's IANA time zone (BUSINESS_TIME_ZONE), in which its days are counted. */
  timeZone: string;
  adminUsername?: string;
  adminPassword?: string;
  /** Who may tell the client's address and scheme (null: clients connect directly). */
  trustProxy: TrustProxy;
  logLevel: string;
  backupDir: string;
  backupKeep: number;
  backupHour: number | 'off';
  /** Where documents are e-mailed through; null when not configured. */
  mail: { smtpUrl: string; from: string } | null;
}

/**
 * The checkout's root, two folders up from this module's own: `server/platform/` when run as
 * TypeScript (tsx, tests), `dist/server/` when bundled (`npm run build`, `npm start`).
 * Migrations and the built client are found from here.
 */
export const projectRoot = path.resolve(import.meta.dirname, '..', '..');

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = i.path.join('.');
      // A message that already names the setting and its value is shown as it is.
      return i.message.startsWith(`${name}=`) ? `  ${i.message}` : `  ${name}: ${i.message}`;
    });
    // One problem is one line in the journal; several are listed under a heading.
    if (lines.length === 1) throw new Error(`Invalid configuration: ${lines[0]?.trim()}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    dataDir,
    dbPath: e.DB_FILE === ':memory:' ? ':memory:' : path.join(dataDir, e.DB_FILE),
    uploadsDir: path.join(dataDir, 'uploads'),
    clientDir: path.join(projectRoot, 'dist', 'client'),
    port: e.PORT,
    host: e.HOST,
    timeZone: e.BUSINESS_TIME_ZONE,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    backupDir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : path.join(dataDir, 'backups'),
    backupKeep: e.BACKUP_KEEP,
    backupHour: e.BACKUP_HOUR,
    mail: e.SMTP_URL
      ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `documents@${new URL(e.SMTP_URL).hostname}` }
      : null,
  };
}
