import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

// Fastify requires Ajv (validation) and fast-json-stringify (serialization) when the instance is
// created, for routes that declare JSON schemas. None of ours do (tRPC and the REST table
// validate with zod), yet loading the two cost ~0.2 s of CPU and ~8 MB of memory at every
// start (measured). These factories hand Fastify compilers that load the real ones on their
// first use: a route that declares a schema gets exactly Fastify's default compilers.

// Fastify's own dependencies, resolved from where Fastify is installed.
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));

type Compilers = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
type Builder<K extends keyof Compilers> = NonNullable<Compilers[K]>;

function lazy<K extends keyof Compilers>(pkg: string): Builder<K> {
  return ((...args: unknown[]) => {
    let compile: ((...a: unknown[]) => unknown) | undefined;
    return (routeSchema: unknown) => {
      compile ??= (fromFastify(pkg) as () => (...a: unknown[]) => (...b: unknown[]) => unknown)()(
        ...args,
      );
      return compile(routeSchema);
    };
  }) as unknown as Builder<K>;
}

export const lazySchemaCompilers: Compilers = {
  buildValidator: lazy<'buildValidator'>('@fastify/ajv-compiler'),
  buildSerializer: lazy<'buildSerializer'>('@fastify/fast-json-stringify-compiler'),
};
