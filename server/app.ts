import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { LoginThrottle, type ThrottleOptions } from './accounts/throttle';
import { sweepUnattachedPhotos } from './catalogue/private-photos';
import type { Services } from './context';
import { documentsPlugin } from './doors/documents';
import { exportPlugin } from './doors/export';
import { firstScreenPage } from './doors/first-screen';
import { loginFormDoor, loginScreenPage } from './doors/login-screen';
import { openApiPlugin } from './doors/openapi';
import { sendCompressedOnce } from './doors/rest/answer-bytes';
import { restPlugin } from './doors/rest/handler';
import { sameOriginGuard, securityHeaders } from './doors/security';
import { transportPlugin } from './doors/transport';
import { trpcDoor } from './doors/trpc';
import { uploadedFilesPlugin, uploadsPlugin } from './doors/uploads';
import { startStandingScheduler } from './orders/standing-scheduler';
import type { Config, TrustProxy } from './platform/config';
import type { Db } from './platform/db';
import { type ErrorCode, edgeError } from './platform/errors';
import { SWEEP_INTERVAL_MS, sweepExpired } from './platform/housekeeping';

/** The first path segments of the client's own routes (each area's routes.tsx). */
const APP_AREAS = ['customer', 'cart', 'admin', 'driver'] as const;

/** The first sweep waits this long after start, so the first answers do not wait for it. */
const FIRST_SWEEP_DELAY_MS = 2000;

export interface BuildAppOptions {
  db: Db;
  config: Config;
  throttle?: ThrottleOptions;
  logger?: FastifyServerOptions['logger'];
  /** The business's clock: standing orders, placement and order changes (tests move it). */
  clock?: () => Date;
}

/** A JSON body larger than this is refused with 413 (orders and forms are small). */
export const BODY_LIMIT = 1024 * 1024;

/**
 * Fastify's `trustProxy`. Named addresses: only a peer among them may set the client address,
 * and the address is the first one from the right of `X-Forwarded-For` that is not a named
 * proxy. A hop count (the old setting): the socket peer and the next `hops - 1` addresses are
 * believed whoever they are; Fastify 5 reads a bare number as "trust nothing", hence the
 * function (proxy-addr's `(addr, i)` hop index).
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((addr: string, i: number) => boolean) {
  if (trust === null) return false;
  if ('addresses' in trust) return trust.addresses;
  const { hops } = trust;
  return hops > 0 ? (_addr, i) => i < hops : false;
}

/** Said once at start when the setting lets any peer choose its address (ADR 024). */
export const TRUST_PROXY_WARNING =
  'TRUST_PROXY is a hop count: any peer that reaches this port can claim any client address ' +
  "and defeat the per-address sign-in limits. Set it to the proxy's addresses instead " +
  '(e.g. TRUST_PROXY=127.0.0.1).';

/** The whole app as one Fastify instance; main.ts listens, tests listen on port 0. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    // One log line per request costs a fifth of the throughput: only when debugging.
    logController: new LogController({
      disableRequestLogging: !['debug', 'trace'].includes(config.logLevel),
    }),
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // tRPC batches put several procedure names in one path segment.
    routerOptions: { maxParamLength: 5000 },
  });
  if (config.trustProxy && 'hops' in config.trustProxy) app.log.warn(TRUST_PROXY_WARNING);
  const services: Services = {
    db,
    config,
    throttle: new LoginThrottle(db, opts.throttle),
    log: app.log,
    clock: opts.clock,
  };

  // Helmet's headers, computed once at start and set on every reply (docs/decisions/006).
  const headers = await securityHeaders({ hsts: config.trustProxy !== null });
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(headers);
  });
  await app.register(cookie);
  app.addHook('onRequest', sameOriginGuard);
  // Compression and cache rules for every door; before any route, so its hooks apply to all
  // of them (docs/decisions/027).
  await transportPlugin(app);

  app.setErrorHandler(
    (err: { statusCode?: number; code?: string; message?: string }, req, reply) => {
      const status =
        err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
      if (status === 500) {
        req.log.error({ err }, 'request failed');
        return reply.code(500).send(edgeError('common.generic'));
      }
      const code: ErrorCode =
        err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'common.tooLarge'
          : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'common.unsupportedType'
            : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'common.emptyBody'
              : status === 400
                ? 'common.badJson'
                : status === 404
                  ? 'common.notFound'
                  : 'common.badRequest';
      return reply.code(status).send(edgeError(code));
    },
  );

  // The /trpc door: tRPC's own Fastify adapter, in its own plugin because it installs its
  // own body parsers (docs/decisions/027).
  await app.register(async (door) => trpcDoor(door, services));

  await app.register(async (api) => restPlugin(api, services));
  await app.register(async (api) => exportPlugin(api, services));
  await app.register(async (api) => documentsPlugin(api, services));
  await app.register(async (api) => uploadsPlugin(api, services));
  await app.register(async (api) => openApiPlugin(api, services));

  // Uploaded images: staff pictures public and cached for good, drivers' and restaurants'
  // photos only for those they belong to (docs/decisions/051).
  await app.register(async (files) => uploadedFilesPlugin(files, services));

  // The built client, when present (npm run build). Hashed assets are cached for good; the
  // shell is revalidated every time. The build writes .br and .gz beside each file
  // (vite.config.ts), sent as they are to a browser that accepts them.
  const hasClient = fs.existsSync(path.join(config.clientDir, 'index.html'));
  if (!hasClient)
    app.log.warn('No built client in dist/client: run `npm run build` to serve the UI.');
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      prefix: '/',
      index: false,
      // One route for every file, looked up when asked for, rather than a route per file found
      // by a directory walk at start (~40 ms of the start on this box, ADR 021).
      preCompressed: true,
      // The compressed copies are chosen by Accept-Encoding, not addressed by URL.
      allowedPath: (pathName) => !/\.(br|gz)$/.test(pathName),
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (/index\.html(\.br|\.gz)?$/.test(filePath)) {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  // The root is a directory to the file route above (403 without an index): the shell, as any
  // client-side route.
  if (hasClient) {
    app.get('/', (req, reply) => {
      // The login screen, drawn in the page for a visitor without a session (ADR 086).
      const page = loginScreenPage(services, req, reply);
      if (page !== null) {
        reply.header('cache-control', 'private, no-store');
        reply.header('vary', 'accept-encoding, cookie, accept-language');
        return sendCompressedOnce(req, reply.type('text/html; charset=utf-8'), Buffer.from(page));
      }
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html').sendFile('index.html', config.clientDir);
    });
    // The drawn form, sent before the app's script arrived, signs in here (ADR 086).
    await app.register(async (page) => loginFormDoor(page, services));
  }

  /** A page of the app: the shell, with the first screen in it for a customer's catalogue. */
  const appPage = (req: FastifyRequest, reply: FastifyReply) => {
    // A signed-in customer's catalogue: the app shell with the first screen already in it
    // (ADR 021). Personal, so never stored; anything else gets the plain shell.
    const page = firstScreenPage(services, req, reply);
    if (page !== null) {
      reply.header('cache-control', 'private, no-store');
      reply.header('vary', 'accept-encoding, cookie');
      // ~24 KB of HTML, ~6 KB compressed, in one call (answer-bytes.ts).
      return sendCompressedOnce(req, reply.type('text/html; charset=utf-8'), Buffer.from(page));
    }
    // Client-side routes (/customer, /admin/...) all load the app shell.
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile('index.html', config.clientDir);
  };

  // The app's own paths are pages, never files: answered at once rather than after the file
  // route has looked for a file, a .br and a .gz of that name (~1 ms of disk calls a request,
  // every restaurant's first request at the cut-off).
  if (hasClient) {
    for (const area of APP_AREAS) {
      app.get(`/${area}`, appPage);
      app.get(`/${area}/*`, appPage);
    }
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url;
    const isApi = url.startsWith('/api/') || url.startsWith('/trpc') || url.startsWith('/uploads/');
    // A missing script or picture is a 404, not the app shell: HTML in place of a module
    // script fails with a MIME error and a blank screen (e.g. an old tab after an upgrade).
    const isFile = url.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(url.split('?')[0] ?? '');
    if (!isApi && !isFile && hasClient && (req.method === 'GET' || req.method === 'HEAD')) {
      return appPage(req, reply);
    }
    // A photo refused to this session (ADR 051) must not stay refused from the browser's
    // cache once the right session asks.
    if (url.startsWith('/uploads/')) reply.header('cache-control', 'no-store');
    return reply.code(404).send(edgeError('common.notFound'));
  });

  // Expired sessions and old idempotency keys: once just after start (not before the first
  // answer: on a year's database it reads every session), then every few hours.
  const sweep = () => {
    try {
      sweepExpired(db);
      sweepUnattachedPhotos(db, config.uploadsDir);
    } catch (err) {
      app.log.error({ err }, 'housekeeping sweep failed');
    }
  };
  let first: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    first = setTimeout(sweep, FIRST_SWEEP_DELAY_MS);
    first.unref();
  });
  const sweeper = setInterval(sweep, SWEEP_INTERVAL_MS);
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(sweeper);
  });

  // Standing orders: a catch-up pass at start, then one a minute (docs/decisions/037).
  const standing = startStandingScheduler({
    db,
    timeZone: config.timeZone,
    clock: opts.clock,
    log: app.log,
  });
  app.addHook('onReady', async () => {
    standing.tick();
  });
  app.addHook('onClose', async () => standing.stop());

  return app;
}
