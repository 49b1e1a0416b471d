import { z } from 'zod';
import { PERSON_TITLES } from '../enums';
import { REQUIRED, requiredText } from './auth';
import { idParam } from './catalogue';

// A restaurant's people (ADR 036): the owner's login and the others' (chef, manager, ...),
// each with an own login and cart, sharing the restaurant's orders, documents and order sheet.

const username = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(100, 'field.tooLong')
  .regex(/^[\w.@-]{3,100}$/, 'field.usernameInvalid')
  .transform((v) => v.toLowerCase());

/** Not trimmed: spaces are part of a password. */
const password = z
  .string({ error: REQUIRED })
  .min(1, REQUIRED)
  .min(8, 'field.passwordTooShort')
  .max(200, 'field.tooLong');

export const personInput = z.object({
  username,
  name: requiredText(200),
  title: z.enum(PERSON_TITLES).optional().default('staff'),
  password,
});
export type PersonInput = z.input<typeof personInput>;

export const personIdInput = z.object({ id: idParam });
export const personPasswordInput = z.object({ id: idParam, newPassword: password });

/** The office's doors: the same, naming the restaurant. */
export const customerIdInput = z.object({ customerId: idParam });
export const personForInput = personInput.extend({ customerId: idParam });
export const personIdForInput = personIdInput.extend({ customerId: idParam });
export const personPasswordForInput = personPasswordInput.extend({ customerId: idParam });

export const personOut = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  title: z.enum(PERSON_TITLES),
  /** The restaurant's own login: cannot be removed here. */
  owner: z.boolean(),
  createdAt: z.string(),
});
export type PersonOut = z.infer<typeof personOut>;
export const personListOut = z.array(personOut);
