import { z } from 'zod';
import { EMPLOYEE_ROLES, LANGUAGES } from '../enums';

// Messages are i18n keys' English text; the client translates the keys it knows.
/** The code of 'This field is required.' (errors.common.required), the spec's wording. */
export const REQUIRED = 'common.required';

/** A required text field: missing, empty or blank all say 'This field is required.' */
export const requiredText = (max: number) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, 'field.tooLong');

export const loginInput = z.object({
  username: requiredText(100),
  // Passwords are not trimmed: spaces are part of them.
  password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(200),
});
export type LoginInput = z.infer<typeof loginInput>;

/**
 * What the client needs of the business to apply its date rules without restating them: the
 * time zone the business counts days in and its "today" (YYYY-MM-DD) when the session was read.
 */
export const businessInfo = z.object({
  timeZone: z.string(),
  today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type BusinessInfo = z.infer<typeof businessInfo>;

/** The user info of spec §3: never a password, hash or another account's data. */
export const userInfo = z.object({
  _id: z.string(),
  isAdmin: z.boolean(),
  role: z.enum([...EMPLOYEE_ROLES, 'customer', 'admin']),
  userType: z.enum(['Admin', 'Employee', 'Customer']),
  username: z.string(),
  name: z.string(),
  restaurantName: z.string().nullable(),
  photo: z.string().nullable(),
  /** The customer record's id, for customers. */
  customerId: z.string().nullable(),
  /** The restaurant's own login (it manages the restaurant's people); false for everyone else. */
  restaurantOwner: z.boolean().optional(),
  deliveryDays: z.array(z.string()),
  /** The interface language saved on the account; null until the person chooses one. */
  language: z.enum(LANGUAGES).nullable(),
  business: businessInfo,
});
export type UserInfo = z.infer<typeof userInfo>;

export const loginOutput = userInfo.extend({ token: z.string() });
export type LoginOutput = z.infer<typeof loginOutput>;

/** The interface language a person chose; saved on the account so it follows them. */
export const setLanguageInput = z.object({ language: z.enum(LANGUAGES) });
export type SetLanguageInput = z.infer<typeof setLanguageInput>;

/** A new password: at least 8 characters, not trimmed (spaces are part of it). */
const newPassword = z
  .string({ error: REQUIRED })
  .min(1, REQUIRED)
  .min(8, 'field.passwordTooShort')
  .max(200, 'field.tooLong');

/** Changing one's own password: the current one proves it is the person (ADR 024). */
export const changePasswordInput = z
  .object({
    currentPassword: z.string({ error: REQUIRED }).min(1, REQUIRED).max(200, 'field.tooLong'),
    newPassword,
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: 'auth.samePassword',
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** The office setting a new password for a customer's or an employee's login. */
export const resetPasswordInput = z.object({
  id: z.string({ error: 'common.idRequired' }).trim().min(1, 'common.idRequired').max(64),
  newPassword,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;
