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

export const activeInformationInput = z
  .object({ type: z.enum(INFORMATION_TYPES).optional() })
  .optional()
  .default({});
