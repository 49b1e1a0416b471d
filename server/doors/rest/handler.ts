import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createContextFromRequest, type Services } from '../../context';
import { restError } from '../../platform/errors';
import { appRouter } from '../../router';
import { createCallerFactory } from '../../trpc';
import { sendAnswer } from './answer-bytes';
import { type RestRequestParts, type RestRoute, restRoutes } from './routes';

// One generic handler for every /api path: build the same context as /trpc, call the same
// procedure through a server-side caller, answer with the procedure's output or `{message}`.

const createCaller = createCallerFactory(appRouter);
type Caller = ReturnType<typeof createCaller>;

function procedureAt(caller: Caller, path: string): (input: unknown) => Promise<unknown> {
  let node: unknown = caller;
  for (const part of path.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'function') throw new Error(`REST table names unknown procedure ${path}`);
  return node as (input: unknown) => Promise<unknown>;
}

function handlerFor(services: Services, route: RestRoute) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const ctx = createContextFromRequest(services, req, reply);
    const parts: RestRequestParts = {
      params: (req.params ?? {}) as Record<string, string>,
      query: (req.query ?? {}) as Record<string, string | undefined>,
      body: req.body ?? {},
    };
    try {
      const input = route.input ? route.input(parts) : undefined;
      const output = await procedureAt(createCaller(ctx), route.procedure)(input);
      // Cache-Control and compression are the transport's (server/doors/transport.ts); a
      // cached answer brings its own compressed bytes (answer-bytes.ts).
      return sendAnswer(req, reply, route.status ?? 200, output);
    } catch (err) {
      const { status, body } = restError(err);
      if (status >= 500) req.log.error({ err }, 'REST call failed');
      return reply.code(status).send(body);
    }
  };
}

/** Registers every row of the table. Lives beside the tRPC plugin, not inside it. */
export async function restPlugin(app: FastifyInstance, services: Services): Promise<void> {
  // A call that says `Content-Type: application/json` and sends nothing (a PUT .../deliver,
  // a DELETE, as many HTTP clients do) carries no body; anything else is parsed as Fastify
  // does, prototype-poisoning checks included (docs/decisions/024).
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    json(req, body.toString(), done);
  });
  for (const route of restRoutes) {
    app.route({
      method: route.method,
      url: route.path,
      handler: handlerFor(services, route),
    });
  }
}
