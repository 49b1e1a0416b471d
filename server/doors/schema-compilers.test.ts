import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { lazySchemaCompilers } from './schema-compilers';

it('validates and serializes a route with JSON schemas as Fastify does by default', async () => {
  const app = Fastify({ schemaController: { compilersFactory: lazySchemaCompilers } });
  app.post(
    '/echo',
    {
      schema: {
        body: {
          type: 'object',
          required: ['n'],
          properties: { n: { type: 'integer', minimum: 1 } },
        },
        response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } },
      },
    },
    async (req) => ({ n: (req.body as { n: number }).n, secret: 'not in the schema' }),
  );
  const ok = await app.inject({ method: 'POST', url: '/echo', payload: { n: 2 } });
  expect(ok.statusCode).toBe(200);
  // The response schema's serializer drops what it does not name.
  expect(ok.json()).toEqual({ n: 2 });
  const bad = await app.inject({ method: 'POST', url: '/echo', payload: { n: 0 } });
  expect(bad.statusCode).toBe(400);
  await app.close();
});
