// The English interface text (see index.ts), in two parts: what every screen may show (the
// login screen, the customer's screens, the frame, every error code: en-core.ts) and the
// office's and driver's screens' text (en-staff.ts). The client bundles the first with its first download
// and adds the second with the office's or the driver's area (client/src/i18n.ts); Nepali is
// fetched when it shows. The server and the type of the keys use the whole tree.

import { enCore } from './en-core';
import { enStaff } from './en-staff';

/** The whole English tree. */
export const en = { ...enCore, ...enStaff };

/** The English tree; Nepali must have the same shape (checked here and by a test). */
export type Resources = typeof en;
