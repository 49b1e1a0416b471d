import { z } from 'zod';
import {
  customerIdInput,
  personForInput,
  personIdForInput,
  personIdInput,
  personInput,
  personListOut,
  personPasswordForInput,
  personPasswordInput,
} from '../../shared/schemas/people';
import { actorOf } from '../platform/audit';
import { answer } from '../platform/output';
import { customerProcedure, router, staffProcedure } from '../trpc';
import { addPerson, assertOwner, listPeople, removePerson, resetPersonPassword } from './people';

// A restaurant's people (ADR 036): its owner manages them from the customer area's People
// screen; the office sees and manages them on the customer's screen. Every answer is the
// restaurant's list as it now is.
export const peopleRouter = router({
  /** The owner's People screen (the restaurant's other people get 403). */
  list: customerProcedure
    .input(z.void())
    .output(answer(personListOut))
    .query(({ ctx }) => listPeople(ctx.db, assertOwner(ctx.user))),

  add: customerProcedure
    .input(personInput)
    .output(answer(personListOut))
    .mutation(({ ctx, input }) =>
      addPerson(ctx.db, actorOf(ctx.user), assertOwner(ctx.user), input),
    ),

  remove: customerProcedure
    .input(personIdInput)
    .output(answer(personListOut))
    .mutation(({ ctx, input }) =>
      removePerson(ctx.db, actorOf(ctx.user), assertOwner(ctx.user), input.id),
    ),

  resetPassword: customerProcedure
    .input(personPasswordInput)
    .output(answer(personListOut))
    .mutation(({ ctx, input }) =>
      resetPersonPassword(ctx.db, actorOf(ctx.user), assertOwner(ctx.user), input),
    ),

  // --- The office, on the customer's screen ------------------------------------------------

  ofCustomer: staffProcedure
    .input(customerIdInput)
    .output(answer(personListOut))
    .query(({ ctx, input }) => listPeople(ctx.db, input.customerId)),

  addFor: staffProcedure
    .input(personForInput)
    .output(answer(personListOut))
    .mutation(({ ctx, input }) => {
      const { customerId, ...person } = input;
      return addPerson(ctx.db, actorOf(ctx.user), customerId, person);
    }),

  removeFor: staffProcedure
    .input(personIdForInput)
    .output(answer(personListOut))
    .mutation(({ ctx, input }) =>
      removePerson(ctx.db, actorOf(ctx.user), input.customerId, input.id),
    ),

  resetPasswordFor: staffProcedure
    .input(personPasswordForInput)
    .output(answer(personListOut))
    .mutation(({ ctx, input }) =>
      resetPersonPassword(ctx.db, actorOf(ctx.user), input.customerId, input),
    ),
});
