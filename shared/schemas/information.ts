import { z } from 'zod';
import { INFORMATION_TYPES } from '../enums';

export const informationOut = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  type: z.enum(INFORMATION_TYPES),
  active: z.boolean(),
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
