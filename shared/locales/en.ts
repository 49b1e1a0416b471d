// The English interface text (see index.ts), in three parts: what the login screen may show (with
// the frame's top bar and the error codes signing in or ordering can meet: en-core.ts), what
// only a signed-in person sees (the customer's screens, money and documents, and the error
// codes of those domains: en-frame.ts, added with the signed-in frame) and the office's and driver's
// screens' text (en-staff.ts). The client bundles the first with its first download, adds the
// second with the signed-in frame (client/src/shell/frameText.ts) and the third with the
// office's or the driver's area (shell/staffText.ts); Nepali and
// Japanese are fetched when they show. The server and the type of the keys use the whole tree.

import { enCore } from './en-core';
import { enFrame } from './en-frame';
import { enStaff } from './en-staff';

/** The whole English tree. */
export const en = {
  ...enCore,
  ...enFrame,
  ...enStaff,
  errors: { ...enCore.errors, ...enFrame.errors },
};

/** The English tree; Nepali must have the same shape (checked here and by a test). */
export type Resources = typeof en;

/**
 * A tree's shape in a language with one plural form (Japanese): no `_one` keys, the `_other`
 * key serves every count. Checked for the Japanese tree here and by a test.
 */
export type OtherPluralOnly<T> = {
  [K in keyof T as K extends `${string}_one` ? never : K]: T[K] extends string
    ? string
    : OtherPluralOnly<T[K]>;
};
