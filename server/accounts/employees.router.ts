import { z } from 'zod';
import { resetPasswordInput } from '../../shared/schemas/auth';
import { messageOut } from '../../shared/schemas/common';
import {
  employeeInput,
  employeeListOut,
  employeeOut,
  employeeUpdateInput,
  idInput,
} from '../../shared/schemas/office';
import { actorOf } from '../platform/audit';
import { idempotent, replayable } from '../platform/idempotency';
import { answer } from '../platform/output';
import { router, staffProcedure } from '../trpc';
import { createEmployee, deleteEmployee, listEmployees, updateEmployee } from './employees';
import { resetEmployeePassword } from './password-change';

export const employeesRouter = router({
  list: staffProcedure
    .input(z.void())
    .output(answer(employeeListOut))
    .query(({ ctx }) => listEmployees(ctx.db)),

  create: staffProcedure
    .input(employeeInput)
    .use(idempotent)
    .output(answer(employeeOut))
    .mutation(
      replayable(({ ctx, input }) => createEmployee(ctx.db, ctx.user, actorOf(ctx.user), input)),
    ),

  update: staffProcedure
    .input(employeeUpdateInput)
    .output(answer(employeeOut))
    .mutation(({ ctx, input }) => updateEmployee(ctx.db, ctx.user, actorOf(ctx.user), input)),

  remove: staffProcedure
    .input(idInput)
    .output(answer(messageOut))
    .mutation(({ ctx, input }) => deleteEmployee(ctx.db, ctx.user, actorOf(ctx.user), input.id)),

  /** A new password for a driver (a manager: admins only); their sessions end (ADR 024). */
  resetPassword: staffProcedure
    .input(resetPasswordInput)
    .output(answer(messageOut))
    .mutation(({ ctx, input }) => resetEmployeePassword(ctx, actorOf(ctx.user), input)),
});
