import { z } from 'zod';

// Answers several areas share. The procedures validate their outputs with these objects and the
// REST table (server/doors/rest/routes.ts) documents the same ones.

/** A change that answers with a sentence, e.g. `{message: 'Customer deleted'}`. */
export const messageOut = z.object({ message: z.string() });

/** A deletion that answers with the id of what it removed. */
export const deletedOut = z.object({ _id: z.string() });
