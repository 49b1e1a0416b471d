// The yardsticks, in their own process like the app: a bare Fastify route returning a small
// fixed JSON, and one returning the catalogue's bytes pre-serialized and pre-gzipped (the
// fastest any server could send those bytes).
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, catalogueFile] = process.argv.slice(2);
const gz = fs.readFileSync(`${catalogueFile}.gz`);
const small = { ok: true, message: 'hello', n: 42 };

const app = Fastify({ logger: false });
app.get('/small', async () => small);
app.get('/catalogue', async (_req, reply) =>
  reply.type('application/json; charset=utf-8').header('content-encoding', 'gzip').send(gz),
);
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
