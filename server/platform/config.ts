import path from 'node:path';
import { z } from 'zod';

// The only place that reads process.env (ARCHITECTURE idiom 12).
const envSchema = z.object({
  DATA_DIR: z.string().default('./data'),
  /** File name inside DATA_DIR; ":memory:" for a throwaway database. */
  DB_FILE: z.string().default('app.db'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  TZ: z.string().default('Asia/Tokyo'),
  ADMIN_USERNAME: z.string().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /**
   * How many reverse proxies sit in front (a TLS-terminating one: 1). Their `X-Forwarded-For`
   * and `X-Forwarded-Proto` are believed for that many hops, counted from the right; `true` is
   * read as 1 and `false` as 0, as before.
   */
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((v) =>
      v === 'true' ? 1 : v === 'false' ? 0 : /^\d{1,2}$/.test(v) ? Number(v) : NaN,
    )
    .pipe(z.number().int().min(0).max(10)),
  /** Where backups go (`npm run backup` and the daily copy); default DATA_DIR/backups. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How many daily copies the server keeps. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  /** Hour of the business day (TZ) from which the server takes the day's copy, or "off". */
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
  timeZone: string;
  adminUsername?: string;
  adminPassword?: string;
  /** Trusted proxy hops in front of the app (0: clients connect directly). */
  trustProxyHops: number;
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
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
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
    timeZone: e.TZ,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    trustProxyHops: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    backupDir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : path.join(dataDir, 'backups'),
    backupKeep: e.BACKUP_KEEP,
    backupHour: e.BACKUP_HOUR,
    mail: e.SMTP_URL
      ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `documents@${new URL(e.SMTP_URL).hostname}` }
      : null,
  };
}
