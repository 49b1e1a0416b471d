// `npm run set-password -- <username>`: sets a new password for a login (the admin's, when it
// is forgotten and no other admin can reset it) and ends every session of that login. It asks
// for the password twice on a terminal, without echo; piped, it reads the first line of stdin
// (`printf '%s\n' "$PW" | npm run set-password -- admin`). Safe while the server runs: the
// database is in WAL mode, the change is one short transaction, and the server sees it at the
// next request (its session cache follows the database's data_version). docs/deploy.md §8.
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { account, customer } from '../drizzle/schema';
import { hashPassword } from '../server/accounts/passwords';
import { invalidateAccountSessions } from '../server/accounts/sessions';
import { recordAudit } from '../server/platform/audit';
import { configFromEnv } from '../server/platform/config';
import { closeDb, openDb, write } from '../server/platform/db';
import { resetPasswordInput } from '../shared/schemas/auth';

const USAGE = 'Usage: npm run set-password -- <username>';

/** The trail names the console as the one who acted: no signed-in person did. */
const CONSOLE = { id: null, name: 'npm run set-password' } as const;

const PROBLEM: Record<string, string> = {
  'field.required': 'The password is empty.',
  'field.passwordTooShort': 'The password needs at least 8 characters.',
  'field.tooLong': 'The password is too long (at most 200 characters).',
};

/** One line typed on the terminal, not shown. Ctrl-C or Ctrl-D gives null. */
function askHidden(prompt: string): Promise<string | null> {
  return new Promise((resolve) => {
    const stdin = process.stdin;
    process.stdout.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let typed = '';
    const finish = (value: string | null) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stdout.write('\n');
      resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish(typed);
        if (ch === '\u0003' || ch === '\u0004') return finish(null);
        if (ch === '\u007f' || ch === '\b') typed = [...typed].slice(0, -1).join('');
        else if (ch >= ' ') typed += ch;
      }
    };
    stdin.on('data', onData);
  });
}

/** The new password: asked twice on a terminal, else the first line of stdin. */
async function newPassword(username: string): Promise<string | null> {
  if (process.stdin.isTTY) {
    const first = await askHidden(`New password for ${username}: `);
    if (first === null) return null;
    const again = await askHidden('The same again: ');
    if (again === null) return null;
    if (first !== again) {
      console.error('The two passwords differ; nothing was changed.');
      return null;
    }
    return first;
  }
  // Not trimmed: spaces are part of a password. Only the line's end is dropped.
  const text = fs.readFileSync(0, 'utf8');
  return text.split(/\r?\n/)[0] ?? '';
}

async function main(argv: string[]): Promise<number> {
  if (argv.length !== 1 || argv[0]!.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const username = argv[0]!;
  const config = configFromEnv();
  if (config.dbPath === ':memory:' || !fs.existsSync(config.dbPath)) {
    console.error(`No database at ${config.dbPath} (check DATA_DIR and DB_FILE).`);
    return 1;
  }
  // Migrations are the server's to apply at its start, not this command's.
  const db = openDb(config.dbPath, { migrate: false });
  try {
    const found = db
      .select({ id: account.id, username: account.username, kind: account.kind })
      .from(account)
      .where(sql`lower(${account.username}) = lower(${username})`)
      .get();
    if (!found) {
      console.error(`No login named "${username}"; nothing was changed.`);
      return 1;
    }
    const password = await newPassword(found.username);
    if (password === null) return 1;
    const checked = resetPasswordInput.shape.newPassword.safeParse(password);
    if (!checked.success) {
      const code = checked.error.issues[0]?.message ?? '';
      console.error(`${PROBLEM[code] ?? 'The password cannot be used.'} Nothing was changed.`);
      return 1;
    }
    const passwordHash = await hashPassword(password);
    const ended = write(db, () => {
      const sessions = db.$client
        .prepare('SELECT COUNT(*) FROM session WHERE account_id = ?')
        .pluck()
        .get(found.id) as number;
      db.update(account)
        .set({ passwordHash, updatedAt: new Date().toISOString() })
        .where(eq(account.id, found.id))
        .run();
      invalidateAccountSessions(db, found.id);
      const customerId =
        found.kind === 'customer'
          ? db
              .select({ id: customer.id })
              .from(customer)
              .where(eq(customer.accountId, found.id))
              .get()?.id
          : undefined;
      recordAudit(db, CONSOLE, {
        entity:
          found.kind === 'customer' ? 'customer' : found.kind === 'admin' ? 'admin' : 'employee',
        entityId: customerId ?? found.id,
        action: 'update',
        before: { password: '' },
        after: { password: '*' },
      });
      return sessions;
    });
    console.log(
      `The password of "${found.username}" (${found.kind}) is changed; ${ended} ${ended === 1 ? 'session' : 'sessions'} of it ended: sign in again with the new password.`,
    );
    return 0;
  } finally {
    closeDb(db);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`set-password failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
