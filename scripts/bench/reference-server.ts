// The yardsticks, in their own process like the app:
// - /small: a bare Fastify route returning a small fixed JSON;
// - /catalogue: the signed-in catalogue's exact JSON, pre-serialized and pre-compressed (brotli
//   or gzip as asked): the fastest any server could send those bytes;
// - /trpc/small: a bare tRPC procedure returning the same small JSON through tRPC's own Fastify
//   adapter, as the app's /trpc door (server/doors/trpc.ts): the floor of any tRPC call.
import fs from 'node:fs';
import { initTRPC } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify from 'fastify';

const [port, catalogueFile] = process.argv.slice(2);
const br = fs.readFileSync(`${catalogueFile}.br`);
const gz = fs.readFileSync(`${catalogueFile}.gz`);
const small = { ok: true, message: 'hello', n: 42 };

const t = initTRPC.create();
const router = t.router({ small: t.procedure.query(() => small) });

const app = Fastify({ logger: false, routerOptions: { maxParamLength: 5000 } });
app.get('/small', async () => small);
app.get('/catalogue', async (req, reply) => {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const [encoding, body] = accepts.includes('br') ? ['br', br] : ['gzip', gz];
  return reply
    .type('application/json; charset=utf-8')
    .header('content-encoding', encoding)
    .header('vary', 'accept-encoding')
    .send(body);
});
await app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions: { router } });
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
