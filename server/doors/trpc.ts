import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { MAX_BATCH_SIZE, UNBATCHED_PROCEDURES } from '../../shared/transport';
import { type Context, createContextFromRequest, type Services } from '../context';
import { englishText } from '../platform/errors';
import { type AppRouter, appRouter } from '../router';

// The /trpc door: tRPC's own Fastify adapter over the app's router, with its documented
// options (docs/decisions/027). What the door adds for users is done here with a Fastify hook:
// a sign-in is never batched with other calls (one request, one password check). Batches are
// capped by the adapter's `maxBatchSize`, the same number the client's batch link sends at
// most. Compression and `no-store` are the transport's (doors/transport.ts), for both doors.

/** The procedure names a /trpc request names in its path (a batch names several). */
function pathsOf(url: string): string[] {
  const path = url.slice('/trpc/'.length).split('?')[0] ?? '';
  return decodeURIComponent(path).split(',');
}

export async function trpcDoor(app: FastifyInstance, services: Services): Promise<void> {
  app.addHook('onRequest', async (req, reply) => {
    const paths = pathsOf(req.url);
    if (paths.length > 1 && paths.some((p) => UNBATCHED_PROCEDURES.includes(p))) {
      const message = englishText('auth.loginNotBatched');
      const data = { code: 'BAD_REQUEST', httpStatus: 400, appCode: 'auth.loginNotBatched' };
      // tRPC's error envelope, one per call of the batch, as the client reads it.
      return reply.code(400).send(paths.map(() => ({ error: { message, code: -32600, data } })));
    }
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      maxBatchSize: MAX_BATCH_SIZE,
      createContext: ({ req, res }): Context => createContextFromRequest(services, req, res),
      onError({ error, path, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          req.log.error({ err: error, path }, 'tRPC failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
