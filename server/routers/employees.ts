import { z } from 'zod';
import {
  employeeInput,
  employeeOut,
  employeeUpdateInput,
  idInput,
} from '../../shared/schemas/office';
import { actorOf } from '../audit';
import {
  createEmployee,
  deleteEmployee,
  listEmployees,
  updateEmployee,
} from '../services/employees';
import { router, staffProcedure } from '../trpc';

export const employeesRouter = router({
  list: staffProcedure
    .input(z.void())
    .output(z.array(employeeOut))
    .query(({ ctx }) => listEmployees(ctx.db)),

  create: staffProcedure
    .input(employeeInput)
    .output(employeeOut)
    .mutation(({ ctx, input }) => createEmployee(ctx.db, ctx.user, actorOf(ctx.user), input)),

  update: staffProcedure
    .input(employeeUpdateInput)
    .output(employeeOut)
    .mutation(({ ctx, input }) => updateEmployee(ctx.db, ctx.user, actorOf(ctx.user), input)),

  remove: staffProcedure
    .input(idInput)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => deleteEmployee(ctx.db, ctx.user, actorOf(ctx.user), input.id)),
});
