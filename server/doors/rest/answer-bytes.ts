import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isFrozenAnswer } from '../../platform/output';

// The bytes of a cached answer, written once per content instead of once per request.
//
// The catalogue (1,000 products, ~370 KB of JSON) is the same frozen object for every customer
// until a product or category changes (server/catalogue/catalogue.ts). Serialising and
// compressing it again for each request cost ~10 ms of the server's one thread, a third of
// everything a restaurant costs at the cut-off rush; at 3,000 restaurants a minute that alone
// filled the thread (docs/performance.md, "Caches that earn their keep"). A frozen answer
// cannot change, so its JSON and its compressed copies are kept for as long as the object
// lives: the WeakMap lets them go with the snapshot when the catalogue is rebuilt.
//
// Only the REST door can send bytes it already has; the client reads the catalogue there
// (client/src/catalogueLink.ts, docs/decisions/041).

type Encoding = 'br' | 'gzip' | 'identity';

interface Bytes {
  json: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const remembered = new WeakMap<object, Bytes>();

/** Answers smaller than this go out as they are (as the transport's threshold). */
const SMALL = 1024;

/** The encoding to send: brotli, else gzip, else none, as the request accepts (q=0 refuses). */
export function acceptedEncoding(header: string | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

function bytesOf(value: object): Bytes {
  let bytes = remembered.get(value);
  if (!bytes) {
    bytes = { json: Buffer.from(JSON.stringify(value)) };
    remembered.set(value, bytes);
  }
  return bytes;
}

/** `body` compressed in one synchronous call (no stream, whatever its size). */
function compressed(
  body: Buffer,
  encoding: Exclude<Encoding, 'identity'>,
  quality: number,
): Buffer {
  if (encoding === 'gzip') return gzipSync(body);
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** Brotli quality of bytes made per request, as the transport's. */
const PER_REQUEST_QUALITY = 4;
/** Written once per content: a little more effort than per request. */
const KEPT_QUALITY = 6;

function encoded(bytes: Bytes, encoding: Exclude<Encoding, 'identity'>): Buffer {
  bytes[encoding] ??= compressed(bytes.json, encoding, KEPT_QUALITY);
  return bytes[encoding];
}

/** Sends `body`, or its compressed copy in the encoding the request accepts best. */
function sendInAcceptedEncoding(
  req: FastifyRequest,
  reply: FastifyReply,
  body: Buffer,
  compress: (encoding: Exclude<Encoding, 'identity'>) => Buffer,
): FastifyReply {
  const encoding = acceptedEncoding(req.headers['accept-encoding']);
  if (encoding === 'identity' || body.length < SMALL) return reply.send(body);
  // A Content-Encoding already set tells @fastify/compress the body is compressed.
  return reply.header('content-encoding', encoding).send(compress(encoding));
}

/**
 * Sends `output` as JSON. A frozen (cached) answer is sent from bytes kept for it, compressed
 * as the request accepts; anything else goes to Fastify's serialiser and the transport's
 * compression as before. The transport's no-store and Vary headers apply either way.
 */
export function sendAnswer(
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  output: unknown,
): FastifyReply {
  if (!isFrozenAnswer(output)) return reply.code(status).send(output);
  const bytes = bytesOf(output);
  reply.code(status).type('application/json; charset=utf-8');
  return sendInAcceptedEncoding(req, reply, bytes.json, (encoding) => encoded(bytes, encoding));
}

/**
 * Sends bytes made for this request only (the catalogue page with its first screen, ~24 KB of
 * HTML), compressed in one call as the request accepts. @fastify/compress's `reply.compress`
 * pipes every payload through a new zlib stream, whatever its size: at the cut-off that stream
 * machinery cost the server's thread more than the compression itself (docs/performance.md,
 * Round 9).
 */
export function sendCompressedOnce(
  req: FastifyRequest,
  reply: FastifyReply,
  body: Buffer,
): FastifyReply {
  return sendInAcceptedEncoding(req, reply, body, (encoding) =>
    compressed(body, encoding, PER_REQUEST_QUALITY),
  );
}
