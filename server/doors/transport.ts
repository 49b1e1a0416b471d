import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

// What both API doors (/trpc and /api) share on the way out, whatever the procedure:
// - compression: @fastify/compress, brotli or gzip as the client accepts, for answers of at
//   least COMPRESS_THRESHOLD bytes whose type is compressible (JSON, text; never an xlsx file
//   or a picture, which mime-db marks incompressible);
// - caching: every answer of /api and /trpc is `no-store`, so nothing personal (a signed-in
//   list, a catalogue with a customer's own prices) stays in a browser's or a proxy's cache.
// docs/decisions/027-supported-doors.md.

/** Smaller answers go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD = 1024;

/** Answers differ by session (cookie or bearer token) and by encoding. */
const VARY = 'accept-encoding, cookie, authorization';

const isApi = (url: string) => url.startsWith('/trpc/') || url.startsWith('/api/');

export async function transportPlugin(app: FastifyInstance): Promise<void> {
  // Registered on the root instance: @fastify/compress is not encapsulated, so its hook
  // applies to every route registered after it.
  await app.register(compress, { threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip'] });
  app.addHook('onSend', async (req, reply, payload) => {
    if (!isApi(req.url)) return payload;
    reply.header('cache-control', 'no-store');
    reply.header('vary', VARY);
    // tRPC's adapter answers with a fetch Response. Its body is a stream, which
    // @fastify/compress would push through a new brotli encoder per answer, whatever its size
    // (~5 ms of the server's thread per restaurant at the cut-off: docs/performance.md,
    // Round 7). The /trpc door answers whole JSON (no streaming link), so it is read here into
    // bytes, with its status and headers on the reply: small answers then go out as they are
    // and larger ones take the plugin's one-call compression.
    if (payload instanceof Response) {
      reply.code(payload.status);
      for (const [name, value] of payload.headers) {
        if (name !== 'vary' && name !== 'cache-control') reply.header(name, value);
      }
      return Buffer.from(await payload.arrayBuffer());
    }
    return payload;
  });
}
