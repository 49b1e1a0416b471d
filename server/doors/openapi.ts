import swagger, { type StaticDocumentSpec } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DOCUMENT_KINDS } from '../../shared/enums';
import { categoryOut, productOut } from '../../shared/schemas/catalogue';
import { messageOut } from '../../shared/schemas/common';
import { jobOut, officeOrderOut } from '../../shared/schemas/doorstep';
import { informationOut, uploadOut } from '../../shared/schemas/information';
import {
  handoverOut,
  historyEntryOut,
  invoiceOut,
  noteOut,
  paymentOut,
} from '../../shared/schemas/invoices';
import { journalInput } from '../../shared/schemas/journal';
import {
  auditEntryOut,
  categoryAdminOut,
  customerOut,
  employeeOut,
  routeOut,
} from '../../shared/schemas/office';
import { orderItemOut, orderOut } from '../../shared/schemas/orders';
import { taxSummaryInput } from '../../shared/schemas/tax-summary';
import { readSessionToken } from '../accounts/session-cookies';
import { resolveUser, type Services } from '../context';
import { AppError, type ErrorCode, englishText, restError, restErrorOut } from '../platform/errors';
import { roleOf, STAFF } from '../trpc';
import { type RestRequestSchemas, restRoutes } from './rest/routes';

// The REST adapter described as OpenAPI 3.1 (docs/decisions/028): every row of the REST table
// (server/doors/rest/routes.ts) and the plain /api routes beside it (uploads, the Excel export),
// with the request and answer schemas made by zod's own `z.toJSONSchema` from the very schemas
// the procedures validate with. Served at /api/openapi.json; /api/docs is the reference page
// (@fastify/swagger in static mode holds the document, @fastify/swagger-ui shows it). Staff
// only: see the ADR.

/** A JSON Schema, as z.toJSONSchema makes it. */
type JsonSchema = Record<string, unknown>;
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One path and method of the description, from the REST table or a plain route. */
interface Described {
  method: HttpMethod;
  /** Fastify's form, `/api/orders/:id`. */
  path: string;
  summary: string;
  description?: string;
  /** The tRPC procedure the path calls, when it calls one. */
  procedure?: string;
  request?: RestRequestSchemas;
  /** A body that is not JSON (the picture upload). */
  rawBody?: { mediaType: string; schema: JsonSchema; description: string };
  status: number;
  /** A JSON answer's schema, or another kind of answer. */
  response: z.ZodType | { mediaType: string; schema: JsonSchema; description: string };
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const routeIdParam = z.object({
  routeId: z.string().min(1).max(64).describe("A route's id, or `all` for every route."),
});

/** The /api routes that are not rows of the REST table: files in or out, and this description. */
const plainRoutes: Described[] = [
  {
    method: 'POST',
    path: '/api/upload',
    summary: 'Upload a picture (JPEG or PNG, at most 5 MB) for a product, slider or popup',
    description:
      'Staff; a driver too with `?purpose=proof` (the photo that proves a delivery). The bytes ' +
      'are checked by content, re-encoded without metadata and stored under a new random name; ' +
      'a card-sized copy is made beside it.',
    request: {
      query: z.object({
        purpose: z
          .enum(['proof'])
          .optional()
          .describe('`proof`: a delivery photo, which drivers may upload too.'),
      }),
    },
    rawBody: {
      mediaType: 'multipart/form-data',
      description: 'One file in the field `image`.',
      schema: {
        type: 'object',
        properties: { image: { type: 'string', format: 'binary', contentMediaType: 'image/*' } },
        required: ['image'],
      },
    },
    status: 201,
    response: uploadOut,
  },
  {
    method: 'DELETE',
    path: '/api/delete/:filename',
    summary: 'Delete an uploaded picture and its card-sized copy',
    request: {
      params: z.object({
        filename: z.string().describe('The name the upload answered, e.g. `3f2a….jpg`.'),
      }),
    },
    status: 200,
    response: messageOut,
  },
  {
    method: 'GET',
    path: '/api/data/all',
    summary: 'Excel workbook of every route: customers, orders and dues',
    status: 200,
    response: {
      mediaType: XLSX_TYPE,
      description: 'The workbook, as an attachment named `{route}-data-{date}.xlsx`.',
      schema: { type: 'string', format: 'binary' },
    },
  },
  {
    method: 'GET',
    path: '/api/data/:routeId',
    summary: "Excel workbook of one route's customers, orders and dues",
    request: { params: routeIdParam },
    status: 200,
    response: {
      mediaType: XLSX_TYPE,
      description: 'The workbook, as an attachment named `{route}-data-{date}.xlsx`.',
      schema: { type: 'string', format: 'binary' },
    },
  },
  {
    method: 'GET',
    path: '/api/documents/:kind/:id.pdf',
    summary: 'A document as PDF: delivery slip, qualified invoice, statement, receipt, credit note',
    description:
      'Staff any document; a customer its own; a driver the slips of its deliveries and the ' +
      'receipts of its collections (anything else answers 404). Japanese documents embed a ' +
      'subset of Noto Sans JP. `?download=1` answers as an attachment.',
    request: {
      params: z.object({
        kind: z.enum(DOCUMENT_KINDS).describe('The kind of document.'),
        id: z
          .string()
          .min(1)
          .max(64)
          .describe(
            "The order's id (slip), invoice's, statement's, payment's (receipt) or credit note's.",
          ),
      }),
      query: z.object({
        download: z.enum(['1']).optional().describe('`1`: as an attachment.'),
      }),
    },
    status: 200,
    response: {
      mediaType: 'application/pdf',
      description: 'The document, named by its number (e.g. `INV-000042.pdf`).',
      schema: { type: 'string', format: 'binary' },
    },
  },
  {
    method: 'GET',
    path: '/api/documents/statements/:closingDate.pdf',
    summary: 'All statements of one closing date, as one PDF (staff)',
    request: {
      params: z.object({
        closingDate: z.string().describe('The closing date, YYYY-MM-DD.'),
      }),
    },
    status: 200,
    response: {
      mediaType: 'application/pdf',
      description: 'One statement after another, each from a new page.',
      schema: { type: 'string', format: 'binary' },
    },
  },
  {
    method: 'GET',
    path: '/api/data/tax-summary',
    summary: 'Excel workbook of sales and consumption tax per rate, month by month',
    request: { query: taxSummaryInput },
    status: 200,
    response: {
      mediaType: XLSX_TYPE,
      description: 'The workbook, as an attachment named `tax-summary-{from}-{to}.xlsx`.',
      schema: { type: 'string', format: 'binary' },
    },
  },
  {
    method: 'GET',
    path: '/api/data/ledger/:customerId',
    summary: "Excel workbook of one customer's ledger (得意先元帳) for a period (staff)",
    description:
      'The opening balance, each invoice issued or cancelled, payment received and bank fee written off in date order with the balance after it, the totals and the closing balance; the three months up to today by default, at most two years (ADR 074).',
    request: {
      params: z.object({ customerId: z.string().describe("The customer's id.") }),
      query: z.object({
        from: z.string().optional().describe('First day, YYYY-MM-DD.'),
        to: z.string().optional().describe('Last day, YYYY-MM-DD.'),
      }),
    },
    status: 200,
    response: {
      mediaType: XLSX_TYPE,
      description: 'The workbook, as an attachment named `ledger-{customerCode}-{from}-{to}.xlsx`.',
      schema: { type: 'string', format: 'binary' },
    },
  },
  {
    method: 'GET',
    path: '/api/data/journal',
    summary: "The period's journal entries (仕訳) in 弥生会計's import format",
    description:
      'Invoices, cancellations, credit notes, payments and bank fees dated in the period (the last calendar month by default, at most a year), one entry each, 25 columns, Shift_JIS with CRLF line ends (ADR 076).',
    request: { query: journalInput },
    status: 200,
    response: {
      mediaType: 'text/csv; charset=Shift_JIS',
      description: 'The file, as an attachment named `journal-yayoi-{from}-{to}.csv`.',
      schema: { type: 'string', format: 'binary' },
    },
  },
  {
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This description (OpenAPI 3.1)',
    status: 200,
    response: {
      mediaType: 'application/json',
      description: 'The OpenAPI document.',
      schema: { type: 'object' },
    },
  },
];

/** Tags, by the path's first segment after /api, in the order of spec §7. */
const TAGS: { name: string; description: string; segments: string[] }[] = [
  { name: 'Auth', description: 'Signing in and out, who is signed in.', segments: ['users'] },
  {
    name: 'Catalogue',
    description: 'Products and categories.',
    segments: ['products', 'category'],
  },
  { name: 'Wishlist', description: "A customer's order sheet.", segments: ['wishlist'] },
  {
    name: 'Orders',
    description: "Customers' web orders and the office's handling of them.",
    segments: ['orders'],
  },
  {
    name: 'Order tracking',
    description: "Delivery jobs, the driver's day and the day's report.",
    segments: ['ordertrack'],
  },
  {
    name: 'Invoices',
    description: 'Invoices, payments, notes and the money reports.',
    segments: ['invoice'],
  },
  {
    name: 'Cash and credit',
    description: "The driver's cash handover and orders held on credit.",
    segments: ['handover', 'credit'],
  },
  { name: 'Customers', description: 'Restaurants and their accounts.', segments: ['customer'] },
  {
    name: 'Terms and standing orders',
    description:
      "Price lists, a restaurant's people, stock, and the usual orders drafted before each delivery day.",
    segments: ['pricelists', 'people', 'stock', 'standing'],
  },
  { name: 'Routes', description: 'Delivery routes.', segments: ['route'] },
  { name: 'Employees', description: 'Drivers and managers.', segments: ['employee'] },
  {
    name: 'Information and upload',
    description: 'Slider and popup items, and the pictures they show.',
    segments: ['information', 'upload', 'delete'],
  },
  { name: 'Export', description: 'Excel downloads.', segments: ['data'] },
  {
    name: 'Documents',
    description: 'Delivery slips, invoices, statements, receipts and credit notes; sending them.',
    segments: ['documents'],
  },
  { name: 'API description', description: 'This document.', segments: ['openapi.json'] },
];

/** The tag of a path: its area's, else the segment itself (the test requires a declared one). */
export function tagOf(path: string): string {
  const segment = path.split('/')[2] ?? '';
  return TAGS.find((t) => t.segments.includes(segment))?.name ?? segment;
}

/** The schemas that get a name under components/schemas (the rest stays inline). */
const NAMED: [z.ZodType, string, string][] = [
  [productOut, 'Product', 'A product of the catalogue. Prices are whole yen.'],
  [categoryOut, 'Category', 'A category, with its optional Nepali name.'],
  [categoryAdminOut, 'CategoryWithCount', 'A category as the office lists it.'],
  [orderItemOut, 'OrderLine', 'A line of an order: name, unit and price as placed.'],
  [orderOut, 'Order', 'An order as its customer sees it.'],
  [officeOrderOut, 'OfficeOrder', "An order as the office sees it, with the office's flags."],
  [jobOut, 'DeliveryJob', "A delivery job (the spec's order track)."],
  [paymentOut, 'Payment', 'A payment towards an invoice.'],
  [noteOut, 'InvoiceNote', 'A collection note on an invoice.'],
  [invoiceOut, 'Invoice', 'An invoice with its payments and notes.'],
  [historyEntryOut, 'HistoryEntry', 'One change of an invoice.'],
  [handoverOut, 'Handover', "A driver's cash handover of one day."],
  [customerOut, 'Customer', 'A restaurant customer.'],
  [routeOut, 'Route', 'A delivery route.'],
  [employeeOut, 'Employee', 'A driver or manager.'],
  [informationOut, 'Information', 'A slider or popup item.'],
  [auditEntryOut, 'AuditEntry', 'One change of a record: who, when, before and after.'],
  [restErrorOut, 'Error', 'The body of every refusal.'],
];

/** `:id` -> `{id}`. */
export function openApiPath(fastifyPath: string): string {
  return fastifyPath.replace(/:(\w+)/g, '{$1}');
}

const pathParamNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);

/** `GET /api/orders/:id` -> `getOrdersById`: unique, readable in the reference's links. */
function operationId(method: HttpMethod, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? `by-${s.slice(1)}` : s))
    .flatMap((s) => s.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  const trailingSlash = path.endsWith('/') ? ['slash'] : [];
  return [method.toLowerCase(), ...words, ...trailingSlash]
    .map((w, i) => (i === 0 ? w : w[0]?.toUpperCase() + w.slice(1)))
    .join('');
}

const COMPONENT_PREFIX = '#/components/schemas/';

/** The conversion options of every schema of the document. */
function jsonSchemaOptions(io: 'input' | 'output') {
  return {
    target: 'draft-2020-12' as const,
    io,
    // A transform's result (output) cannot be described: it becomes `{}` (any value).
    unrepresentable: 'any' as const,
    override: ({
      zodSchema,
      jsonSchema,
    }: {
      zodSchema: z.core.$ZodType;
      jsonSchema: JsonSchema;
    }) => {
      // `.int()` adds the safe-integer bounds: true, and noise in a reference.
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      // With the registry of named schemas in place of the global one, what `.describe()` and
      // `.meta()` said is read here.
      const meta = z.globalRegistry.get(zodSchema);
      for (const key of ['description', 'examples'] as const) {
        if (meta?.[key] !== undefined && jsonSchema[key] === undefined) jsonSchema[key] = meta[key];
      }
    },
  };
}

/** Converts the document's schemas; the named ones are written once, under components. */
class SchemaWriter {
  private readonly named = z.registry<{ id: string; description: string }>();
  /** components/schemas: every named schema, referring to the others by `$ref`. */
  readonly components: Record<string, JsonSchema> = {};

  constructor() {
    for (const [schema, id, description] of NAMED) this.named.add(schema, { id, description });
    const { schemas } = z.toJSONSchema(this.named, {
      ...jsonSchemaOptions('output'),
      metadata: this.named,
      uri: (id) => `${COMPONENT_PREFIX}${id}`,
    });
    for (const [id, json] of Object.entries(schemas)) {
      const { $id: _uri, $schema: _dialect, ...rest } = json as JsonSchema;
      this.components[id] = rest;
    }
  }

  /** An answer's schema; the named schemas in it become `$ref`s to components/schemas. */
  output(schema: z.ZodType): JsonSchema {
    const json = z.toJSONSchema(schema, {
      ...jsonSchemaOptions('output'),
      metadata: this.named,
    }) as JsonSchema;
    const { $schema: _dialect, $defs, ...rest } = json;
    for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      // Only named schemas are written apart (reused ones are inlined), and they are the same
      // wherever they appear.
      if (JSON.stringify(rewriteRefs(def)) !== JSON.stringify(this.components[id])) {
        throw new Error(`The API description's schema ${id} differs where it is used`);
      }
    }
    return rewriteRefs(rest) as JsonSchema;
  }

  /** What a request may send: fields with defaults are optional, a transform's input shown. */
  input(schema: z.ZodType): JsonSchema {
    const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, jsonSchemaOptions('input'));
    return rest as JsonSchema;
  }
}

/** `#/$defs/X` (one schema's own) -> `#/components/schemas/X` (the document's). */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string'
          ? v.replace(/^#\/\$defs\//, COMPONENT_PREFIX)
          : rewriteRefs(v),
      ]),
    );
  }
  return value;
}

/** An object schema's fields as OpenAPI parameters. */
function parametersOf(json: JsonSchema, where: 'path' | 'query'): JsonSchema[] {
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

const errorRef = { $ref: '#/components/schemas/Error' };
/** A refusal's description, with an example body of a code it may carry. */
function errorResponse(description: string, code: ErrorCode, issues?: Record<string, ErrorCode>) {
  const example = { message: englishText(code), code, ...(issues ? { issues } : {}) };
  return { description, content: { 'application/json': { schema: errorRef, example } } };
}

/** Refusals every path may answer, described once under components/responses. */
const ERROR_RESPONSES = {
  BadRequest: errorResponse(
    'The input is not valid: `code` names the first problem, `issues` every invalid field.',
    'order.quantityRange',
    { 'orderItems.0.quantity': 'order.quantityRange' },
  ),
  Unauthorized: errorResponse(
    'No valid session: sign in first (or a wrong username or password).',
    'auth.signInFirst',
  ),
  Forbidden: errorResponse(
    'The signed-in role may not call this path, or a cross-site change was refused.',
    'auth.forbidden',
  ),
  NotFound: errorResponse(
    "Nothing with that id, or it is not the caller's to see.",
    'common.notFound',
  ),
  OtherError: errorResponse(
    'Another refusal, with the same body: 409 a conflict (e.g. a name already taken), 413 too ' +
      'large, 429 too many sign-in attempts, 503 the server is busy (try again), 500 a failure.',
    'common.alreadyExists',
  ),
};

const refTo = (name: keyof typeof ERROR_RESPONSES) => ({
  $ref: `#/components/responses/${name}`,
});

function operationOf(d: Described, schemas: SchemaWriter): JsonSchema {
  const parameters: JsonSchema[] = [];
  const inPath = pathParamNames(d.path);
  if (d.request?.params) {
    const params = parametersOf(schemas.input(d.request.params), 'path');
    const declared = params.map((p) => p.name as string);
    if (declared.join() !== inPath.join()) {
      throw new Error(`${d.method} ${d.path} documents path parameters ${declared.join()}`);
    }
    parameters.push(...params);
  } else if (inPath.length) {
    throw new Error(`${d.method} ${d.path} documents no path parameters`);
  }
  if (d.request?.query) parameters.push(...parametersOf(schemas.input(d.request.query), 'query'));

  let requestBody: JsonSchema | undefined;
  if (d.request?.body) {
    const schema = schemas.input(d.request.body);
    requestBody = {
      required: ((schema.required ?? []) as unknown[]).length > 0,
      content: { 'application/json': { schema } },
    };
  } else if (d.rawBody) {
    requestBody = {
      required: true,
      description: d.rawBody.description,
      content: { [d.rawBody.mediaType]: { schema: d.rawBody.schema } },
    };
  }

  const success =
    d.response instanceof z.ZodType
      ? {
          description: d.status === 201 ? 'Created.' : 'OK.',
          content: { 'application/json': { schema: schemas.output(d.response) } },
        }
      : {
          description: d.response.description,
          content: { [d.response.mediaType]: { schema: d.response.schema } },
        };

  const takesInput = Boolean(d.request || d.rawBody);
  return {
    tags: [tagOf(d.path)],
    summary: d.summary,
    ...(d.description ? { description: d.description } : {}),
    operationId: operationId(d.method, d.path),
    ...(d.procedure ? { 'x-trpc-procedure': d.procedure } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [String(d.status)]: success,
      ...(takesInput ? { '400': refTo('BadRequest') } : {}),
      '401': refTo('Unauthorized'),
      '403': refTo('Forbidden'),
      ...(inPath.length ? { '404': refTo('NotFound') } : {}),
      default: refTo('OtherError'),
    },
  };
}

const DESCRIPTION = `The REST paths of the wholesale ordering app (spec §7 and the paths added since). Each
calls the same procedure as the app's own client does, so the rules, the roles and the
validation are the same on both doors; \`x-trpc-procedure\` names it.

**Signing in.** \`POST /api/users/login\` sets an httpOnly \`session\` cookie (\`__Host-session\`
over https) and answers a \`token\`: send it as \`Authorization: Bearer <token>\` from a script.
A change (POST, PUT, DELETE) made with the cookie must come from the app's own origin.
Each path decides who may call it: without a session it answers 401, for a role it does not
serve 403; a customer or a driver reaches only their own things (anything else answers 404).

**Errors.** Every refusal is JSON: \`{message, code, params?, issues?}\`. \`message\` is English
text; \`code\` is stable (e.g. \`order.quantityRange\`) and \`issues\` maps each invalid field to
its code.

**Retries.** Calls that create or move something (placing an order, dispatching, delivering,
paying, handing cash over, creating a record) accept an \`Idempotency-Key\` header: a retry with
the same key and the same input answers the first call's result instead of doing it twice.

**Conventions.** Money is whole yen; dates are \`YYYY-MM-DD\` in the business's time zone;
timestamps ISO 8601. Lists with \`pageNumber\` answer \`{page, pages, ...}\`. Answers are never
cached (\`Cache-Control: no-store\`).`;

const INFO = { title: 'Wholesale orders: REST API', version: '1', description: DESCRIPTION };

let built: Record<string, unknown> | undefined;

/**
 * The OpenAPI 3.1 document of every /api path. Built on first use and kept: converting ~90
 * paths' schemas takes ~25 ms, which the server's start need not pay for a page staff open now
 * and then. Throws if a row's path parameters and its params schema disagree.
 */
export function openApiDocument(): Record<string, unknown> {
  built ??= buildDocument();
  return built;
}

function buildDocument(): Record<string, unknown> {
  const schemas = new SchemaWriter();
  const described: Described[] = [
    ...restRoutes.map((r) => ({
      method: r.method,
      path: r.path,
      summary: r.summary,
      procedure: r.procedure,
      request: r.request,
      status: r.status ?? 200,
      response: r.response,
    })),
    ...plainRoutes,
  ];
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const d of described) {
    const key = openApiPath(d.path);
    paths[key] ??= {};
    const item = paths[key];
    const method = d.method.toLowerCase();
    if (item[method]) throw new Error(`${d.method} ${d.path} is described twice`);
    item[method] = operationOf(d, schemas);
  }
  return {
    openapi: '3.1.0',
    info: INFO,
    tags: TAGS.map(({ name, description }) => ({ name, description })),
    security: [{ session: [] }, { bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'session',
          description: 'Set by POST /api/users/login (`__Host-session` over https).',
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The `token` POST /api/users/login answers.',
        },
      },
      schemas: schemas.components,
      responses: ERROR_RESPONSES,
    },
  };
}

/** Staff only (docs/decisions/028): the same session and rule as the export and uploads. */
async function staffOnly(services: Services, req: FastifyRequest, reply: FastifyReply) {
  const role = roleOf(resolveUser(services.db, readSessionToken(req)).user);
  const refusal =
    role === 'anonymous'
      ? new AppError('UNAUTHORIZED', 'auth.signInFirst')
      : STAFF.includes(role)
        ? null
        : new AppError('FORBIDDEN', 'auth.forbidden');
  if (refusal) {
    const { status, body } = restError(refusal);
    return reply.code(status).send(body);
  }
}

/** `GET /api/openapi.json` and the reference page at `/api/docs`, for staff. */
export async function openApiPlugin(app: FastifyInstance, services: Services): Promise<void> {
  // Every route of this plugin, the reference page's files included.
  app.addHook('onRequest', (req, reply) => staffOnly(services, req, reply));
  // @fastify/swagger (static mode) holds the document's frame, without paths, at start;
  // swagger-ui's documented transformSpecification hands its page the whole document, built on
  // first use. The plugin's types name OpenAPI 2.0 and 3.0 documents; it serves any as it is.
  const frame = { openapi: '3.1.0', info: INFO, paths: {} };
  const document = frame as unknown as StaticDocumentSpec['document'];
  await app.register(swagger, { mode: 'static', specification: { document } });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    transformSpecification: () => openApiDocument(),
    transformSpecificationClone: false,
    // BaseLayout: the reference without Swagger's top bar (a box to load other documents).
    uiConfig: { layout: 'BaseLayout', docExpansion: 'list', defaultModelsExpandDepth: 0 },
    theme: { title: INFO.title },
  });
  app.get('/api/openapi.json', (_req, reply) =>
    reply.type('application/json; charset=utf-8').send(openApiDocument()),
  );
}
