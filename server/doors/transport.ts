import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createContextFromRequest, type Services } from '../context';
import { LruCache } from '../platform/cache';
import { appRouter } from '../router';
import type { Meta } from '../trpc';

// What every door (/trpc and /api) shares on the way out, whatever the procedure:
// - compression (brotli or gzip above a size threshold) of every JSON or text answer of /api and
//   /trpc, here (the built client's files are compressed at build time, ADR 022);
// - conditional GET: a GET whose procedures all declare a `cacheTag` in their meta carries a
//   weak ETag computed BEFORE the procedure runs, answers 304 to a matching If-None-Match, and
//   is answered from the compressed bytes kept for that tag when they exist;
// - caching rules: such answers are `private, no-cache` (stored by the browser, revalidated
//   every time); every other answer is `no-store`, so nothing signed-in stays in a cache.
// docs/decisions/016-transport-caches.md.

/** Smaller answers go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD = 1024;
/**
 * Kept bytes (compressed once per version of an answer): brotli's default (11) costs ~50x more
 * CPU than 4 for a few percent of bytes.
 */
export const BROTLI_QUALITY = 4;
const brotliOptions = { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } };
/**
 * Answers compressed on every request (history, office lists): quality 2 costs ~60 % of 4's
 * CPU for ~1-2 % more bytes (docs/performance.md, ADR 016).
 */
export const DYNAMIC_BROTLI_QUALITY = 2;
const dynamicBrotliOptions = {
  params: {
    [zlib.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
    // A 64 KB window instead of the default 4 MB: these answers are smaller than that, and
    // setting up the large window cost half of compressing a 3 KB answer (65 -> 32 µs, same bytes).
    [zlib.BROTLI_PARAM_LGWIN]: 16,
  },
};

/** gzip for answers made per request: level 6 is zlib's own default. */
const GZIP_DYNAMIC = { level: 6 };

export type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts: br, then gzip, else none (`q=0` refuses one). */
export function chooseEncoding(header: string | string[] | undefined): Encoding {
  if (!header) return 'identity';
  let br = false;
  let gzip = false;
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br' || name === '*') br = true;
    else if (name === 'gzip' || name === 'x-gzip') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : 'identity';
}

/** Compresses once, at the quality kept bytes use (they are sent many times). */
export function encode(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br') return brotliCompressSync(body, brotliOptions);
  if (encoding === 'gzip') return gzipSync(body);
  return body;
}

/** If-None-Match against our (weak) ETag: weak comparison, a list, or `*`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  for (const candidate of header.split(',')) {
    const c = candidate.trim();
    if (c === '*' || c.replace(/^W\//, '') === bare) return true;
  }
  return false;
}

/** The procedures a request calls: a REST row names one; a tRPC path may batch several. */
function proceduresOf(req: FastifyRequest): string[] | null {
  const config = req.routeOptions.config as { procedure?: string } | undefined;
  if (config?.procedure) return [config.procedure];
  if (req.routeOptions.url === '/trpc/:path') {
    const path = (req.params as { path?: string }).path;
    return path ? path.split(',') : null;
  }
  return null;
}

type Procedures = Record<string, { _def: { meta?: Meta } } | undefined>;
const procedures = appRouter._def.procedures as unknown as Procedures;

function cacheTagOf(name: string): Meta['cacheTag'] {
  return Object.hasOwn(procedures, name) ? procedures[name]?._def.meta?.cacheTag : undefined;
}

const isApi = (url: string) => url.startsWith('/trpc/') || url.startsWith('/api/');

interface Kept {
  type: string;
  /** Set when `body` is compressed (small answers are kept as they are). */
  encoding: Encoding | null;
  body: Buffer;
}

/** What the conditional hook hands the onSend hook for a GET it did not answer itself. */
interface Pending {
  key: string;
  encoding: Encoding;
}

const pending = new WeakMap<FastifyRequest, Pending>();

/** Compressed answers kept per (ETag, encoding, URL): a handful of catalogue variants. */
const KEPT_ANSWERS = 64;

/** Answers worth compressing: JSON and text, never an xlsx file or a picture. */
const COMPRESSIBLE = /^(?:application\/json|text\/)/;

/**
 * An answer made for this request alone (a history page, an office list), compressed at the
 * dynamic quality when it is JSON or text of at least COMPRESS_THRESHOLD bytes and the client
 * accepts brotli or gzip. Streams (files) and answers already encoded go out as they are.
 */
function compressDynamic(req: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.hasHeader('content-encoding') || reply.statusCode === 204) return payload;
  if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
  const raw = typeof payload === 'string' ? Buffer.from(payload) : payload;
  if (raw.length < COMPRESS_THRESHOLD) return payload;
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  if (encoding === 'identity') return payload;
  const out =
    encoding === 'br' ? brotliCompressSync(raw, dynamicBrotliOptions) : gzipSync(raw, GZIP_DYNAMIC);
  reply.header('content-encoding', encoding);
  reply.header('content-length', out.length);
  return out;
}

export async function transportPlugin(app: FastifyInstance, services: Services): Promise<void> {
  const kept = new LruCache<string, Kept>(KEPT_ANSWERS);

  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.method !== 'GET') return;
    const names = proceduresOf(req);
    if (!names) return;
    const tags: string[] = [];
    for (const name of names) {
      const tagOf = cacheTagOf(name);
      if (!tagOf) return;
      tags.push(tagOf(createContextFromRequest(services, req, reply)));
    }
    const etag = `W/"${tags.join('+')}"`;
    reply.header('etag', etag);
    reply.header('cache-control', 'private, no-cache');
    reply.header('vary', 'accept-encoding, cookie, authorization');
    if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send();

    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const key = `${etag} ${encoding} ${req.url}`;
    const hit = kept.get(key);
    if (hit) {
      reply.header('content-type', hit.type);
      if (hit.encoding) reply.header('content-encoding', hit.encoding);
      return reply.send(hit.body);
    }
    pending.set(req, { key, encoding });
  });

  app.addHook('onSend', async (req, reply, payload: unknown) => {
    if (!isApi(req.url)) return payload;
    const body = payload;
    const conditional = reply.hasHeader('etag');
    if (conditional && reply.statusCode !== 200 && reply.statusCode !== 304) {
      // A failed conditional call (bad input, a bug) is not a version of anything.
      reply.removeHeader('etag');
      reply.removeHeader('vary');
    }
    if (!reply.hasHeader('etag')) {
      reply.header('cache-control', 'no-store');
      if (!reply.hasHeader('vary')) reply.header('vary', 'accept-encoding, cookie, authorization');
      return compressDynamic(req, reply, body);
    }
    const todo = pending.get(req);
    if (!todo || reply.statusCode !== 200) return body;
    if (typeof body !== 'string' && !Buffer.isBuffer(body)) return body;
    const raw = typeof body === 'string' ? Buffer.from(body) : body;
    const already = reply.getHeader('content-encoding');
    if (already === 'br' || already === 'gzip') {
      // Kept bytes of a frozen answer (server/doors/answer-bytes.ts): compressed already.
      kept.set(todo.key, { type: 'application/json', encoding: already, body: raw });
      return raw;
    }
    const compressed = raw.length >= COMPRESS_THRESHOLD && todo.encoding !== 'identity';
    const out = compressed ? encode(raw, todo.encoding) : raw;
    kept.set(todo.key, {
      type: String(reply.getHeader('content-type') ?? 'application/json'),
      encoding: compressed ? todo.encoding : null,
      body: out,
    });
    if (compressed) reply.header('content-encoding', todo.encoding);
    reply.header('content-length', out.length);
    return out;
  });
}
