import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { account } from '../../drizzle/schema';
import type { EmployeeRole } from '../../shared/enums';
import { formatYen } from '../../shared/format';
import type { EmployeeOut, employeeInput, employeeUpdateInput } from '../../shared/schemas/office';
import type { AuthUser } from '../context';
import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { AppError, conflict, notFound } from '../platform/errors';
import { newId } from '../platform/ids';
import { hashPassword } from './passwords';
import { invalidateAccountSessions } from './sessions';
import { assertUsernameFree } from './usernames';

// Employees: drivers and managers (spec §2 /admin/employee). Admins and managers have the
// same rights, except that only an admin creates, changes or deletes a manager (DESIGN §2).

type AccountRow = typeof account.$inferSelect;

function toOut(a: AccountRow): EmployeeOut {
  return {
    _id: a.id,
    name: a.name,
    username: a.username,
    phoneNumber: a.phoneNumber ?? '',
    photo: a.photo,
    role: a.role as EmployeeRole,
  };
}

function trail(a: AccountRow) {
  return { name: a.name, username: a.username, phoneNumber: a.phoneNumber, role: a.role };
}

function assertMayManage(user: AuthUser, role: EmployeeRole | null | undefined): void {
  if (role === 'manager' && user.account.kind !== 'admin') {
    throw new AppError('FORBIDDEN', 'employee.managerAdminOnly');
  }
}

function employeeById(db: Db, id: string): AccountRow {
  const row = db
    .select()
    .from(account)
    .where(and(eq(account.id, id), eq(account.kind, 'employee')))
    .get();
  if (!row) throw notFound('employee.notFound');
  return row;
}

export function listEmployees(db: Db): EmployeeOut[] {
  return db
    .select()
    .from(account)
    .where(eq(account.kind, 'employee'))
    .orderBy(asc(account.name))
    .all()
    .map(toOut);
}

export async function createEmployee(
  db: Db,
  user: AuthUser,
  actor: Actor,
  input: z.output<typeof employeeInput>,
): Promise<EmployeeOut> {
  assertMayManage(user, input.role);
  assertUsernameFree(db, input.username, 'employee.usernameTaken');
  const hash = await hashPassword(input.password);
  return write(db, () => {
    assertUsernameFree(db, input.username, 'employee.usernameTaken');
    const id = newId();
    db.insert(account)
      .values({
        id,
        username: input.username,
        passwordHash: hash,
        kind: 'employee',
        role: input.role,
        name: input.name,
        phoneNumber: input.phoneNumber,
      })
      .run();
    const row = employeeById(db, id);
    recordAudit(db, actor, {
      entity: 'employee',
      entityId: id,
      action: 'create',
      before: null,
      after: trail(row),
    });
    return toOut(row);
  });
}

export async function updateEmployee(
  db: Db,
  user: AuthUser,
  actor: Actor,
  input: z.output<typeof employeeUpdateInput>,
): Promise<EmployeeOut> {
  const existing = employeeById(db, input.id);
  // Changing a manager, or making someone a manager, is for admins.
  assertMayManage(user, existing.role);
  assertMayManage(user, input.role);
  assertUsernameFree(db, input.username, 'employee.usernameTaken', input.id);
  const hash = input.password ? await hashPassword(input.password) : null;
  return write(db, () => {
    const before = employeeById(db, input.id);
    assertUsernameFree(db, input.username, 'employee.usernameTaken', input.id);
    db.update(account)
      .set({
        name: input.name,
        username: input.username,
        phoneNumber: input.phoneNumber,
        role: input.role,
        ...(hash ? { passwordHash: hash } : {}),
        updatedAt: new Date().toISOString(),
      })
      .where(eq(account.id, input.id))
      .run();
    // A new password or another role ends the account's sessions (its rights changed).
    if (hash || before.role !== input.role) invalidateAccountSessions(db, input.id);
    const after = employeeById(db, input.id);
    recordAudit(db, actor, {
      entity: 'employee',
      entityId: input.id,
      action: 'update',
      before: { ...trail(before), password: '' },
      after: { ...trail(after), password: hash ? '*' : '' },
    });
    return toOut(after);
  });
}

/**
 * A driver who leaves is deleted only once nothing is left in their hands: jobs not yet
 * delivered (the office gives them to another driver first) and cash collected that the office
 * has not confirmed receiving. Deleted, the cash's payments lose their collector and the day
 * drops out of the handovers report, so that cash could no longer be asked for.
 */
function assertDriverDone(db: Db, id: string): void {
  const jobs = db.$client
    .prepare<[string], number>(
      'SELECT COUNT(*) FROM delivery_job WHERE delivered_by = ? AND is_delivered = 0',
    )
    .pluck()
    .get(id);
  if (jobs) throw conflict('employee.driverHasJobs', { count: jobs });
  const cash = db.$client
    .prepare<[string, string], number>(
      `SELECT COALESCE(SUM(p.amount), 0) FROM payment p
        WHERE p.collected_by = ? AND p.kind = 'payment'
          AND NOT EXISTS (SELECT 1 FROM cash_handover h
                           WHERE h.driver_id = ? AND h.date = p.date AND h.confirmed IS NOT NULL)`,
    )
    .pluck()
    .get(id, id);
  if (cash) throw conflict('employee.driverHoldsCash', { amount: formatYen(cash) });
}

export function deleteEmployee(
  db: Db,
  user: AuthUser,
  actor: Actor,
  id: string,
): { message: string } {
  return write(db, () => {
    const before = employeeById(db, id);
    assertMayManage(user, before.role);
    if (before.role === 'driver') assertDriverDone(db, id);
    invalidateAccountSessions(db, id);
    db.delete(account).where(eq(account.id, id)).run();
    recordAudit(db, actor, {
      entity: 'employee',
      entityId: id,
      action: 'delete',
      before: trail(before),
      after: null,
    });
    return { message: 'Employee deleted' };
  });
}
