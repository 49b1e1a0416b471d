import { z } from 'zod';
import { idParam } from '../../../shared/schemas/catalogue';
import type { RestRequestParts } from './routes';

// What the area files' /api rows share: how a row makes its procedure's input from the
// request's parts, and the path schemas of the terms' rows (price lists, stock, people,
// standing orders), whose `:id` is the customer, product, list or person it names.

export const body = (r: RestRequestParts) => r.body;
export const params = (r: RestRequestParts) => r.params;
/** A PUT's body with the path's id (the path wins over any `_id` or `id` in the body). */
export const withId = (r: RestRequestParts) => {
  const { _id, ...rest } = (r.body ?? {}) as Record<string, unknown>;
  return { ...rest, id: r.params.id };
};

export const query = (r: RestRequestParts) => r.query;
/** The body's fields when it is an object (anything else adds nothing; ids come from the path). */
export const bodyObject = (r: RestRequestParts): Record<string, unknown> =>
  r.body && typeof r.body === 'object' && !Array.isArray(r.body)
    ? (r.body as Record<string, unknown>)
    : {};
export const idOnly = z.object({ id: idParam });
export const customerPath = z.object({ id: idParam });
