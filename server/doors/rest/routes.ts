import type { z } from 'zod';
import { authRoutes, employeeRoutes } from './accounts';
import { catalogueOfficeRoutes, catalogueRoutes } from './catalogue';
import { informationOfficeRoutes, informationRoutes } from './content';
import { creditHoldRoutes, customerOfficeRoutes } from './customers';
import { ordertrackRoutes } from './deliveries';
import { documentRoutes } from './documents';
import { handoverRoutes, invoiceRoutes } from './money';
import { customerOrderRoutes, webOrderRoutes } from './orders';
import { peopleRoutes } from './people';
import { priceListRoutes } from './price-lists';
import { standingRoutes } from './standing';
import { stockRoutes } from './stock';

// The spec's /api paths (§7 and DESIGN §5), each mapped to the tRPC procedure that serves it.
// A path's input is taken from its params, query and body; the procedure validates it.
// Each row also names the zod schemas it exchanges, the very objects the procedure validates
// its input and output with (or parts of them): server/doors/openapi.ts describes the table
// from them at /api/openapi.json, and tests/api/openapi.test.ts checks the real answers
// against them (docs/decisions/028).
// The rows live in one file per business area beside this one (accounts.ts, catalogue.ts,
// orders.ts, ...; their input helpers in route-helpers.ts); restRoutes below puts them
// together in the table's order, the order the OpenAPI document and /api/docs list them in.

/** What a REST path's input is made from. */
export interface RestRequestParts {
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  body: unknown;
}

/** The parts of a request a path reads, each an object schema of its fields. */
export interface RestRequestSchemas {
  /** One field per `:name` of the path. */
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
}

export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Dotted procedure path, e.g. "orders.place". */
  procedure: string;
  input?: (r: RestRequestParts) => unknown;
  /** Status on success (default 200). */
  status?: number;
  /** One line for the API reference. */
  summary: string;
  /** What the path reads: the procedure's input schema, or the parts of it each place holds. */
  request?: RestRequestSchemas;
  /** The answer on success: the procedure's output schema (the same object). */
  response: z.ZodType;
}

export const restRoutes: RestRoute[] = [
  ...authRoutes,
  ...catalogueRoutes,
  ...customerOrderRoutes,
  ...informationRoutes,
  ...invoiceRoutes,

  // The cash handover (DESIGN §6) and credit hold.
  ...handoverRoutes,
  ...creditHoldRoutes,

  // Back office: customers, routes, categories, products, employees, information (spec §7,
  // DESIGN §5). Uploads are plain routes in server/doors/uploads.ts.
  ...customerOfficeRoutes,
  ...catalogueOfficeRoutes,
  ...employeeRoutes,
  ...informationOfficeRoutes,

  // From order to doorstep (spec §7 "Orders"): web orders, order tracking and the day's report.
  // Static segments (itemquantities, delivered, customer, delivercompleted, completed, report)
  // win over the `:id` rows in Fastify's router; tests/api/doorstep.test.ts calls each.
  ...webOrderRoutes,
  ...ordertrackRoutes,

  ...documentRoutes,

  // Price lists, stock, a restaurant's people, standing orders (ADRs 035-037).
  // The /api paths of a restaurant's terms (ADR 035), its people and the office's stock (036)
  // and standing orders (037), beside their neighbours' (products, customers, orders): the same
  // procedures as the screens' tRPC calls. A path's `:id` is the customer, product, list or
  // person it names; the path wins over the same field in the body.
  ...priceListRoutes,
  ...stockRoutes,
  ...peopleRoutes,
  ...standingRoutes,
];
