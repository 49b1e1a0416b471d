import { z } from 'zod';
import { INFORMATION_TYPES } from '../enums';

export const informationOut = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  type: z.enum(INFORMATION_TYPES),
  active: z.boolean(),
  /** Where a tap leads: a product, a category, or nowhere (ADR 045). */
  productId: z.string().nullable(),
  categoryId: z.string().nullable(),
  /** The business days it is shown on (YYYY-MM-DD, both included); null: no limit. */
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
});
export type InformationOut = z.infer<typeof informationOut>;

export const informationListOut = z.array(informationOut);
/** The popup to show now, or null. */
export const activePopupOut = informationOut.nullable();

/** `POST /api/upload`: where the stored picture and its card-sized copy are served. */
export const uploadOut = z.object({
  imageUrl: z.string(),
  cardUrl: z.string(),
  message: z.string(),
});
export type UploadOut = z.infer<typeof uploadOut>;

export const activeInformationInput = z
  .object({ type: z.enum(INFORMATION_TYPES).optional() })
  .optional()
  .default({});
