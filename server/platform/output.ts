import type { z } from 'zod';

/**
 * Answers that can never change: deep-frozen by `freezeAnswer` (every value a StampedCache
 * keeps, server/platform/cache.ts). Only these may have their validated output remembered.
 */
const frozenAnswers = new WeakSet<object>();

/** Freezes `value` and everything it holds, and marks it as an unchangeable answer. */
export function freezeAnswer<T>(value: T): T {
  if (typeof value !== 'object' || value === null || frozenAnswers.has(value)) return value;
  if (value instanceof Map || value instanceof Set || ArrayBuffer.isView(value)) {
    // Their contents are not frozen by Object.freeze: never remembered, only frozen.
    Object.freeze(value);
    return value;
  }
  for (const key of Reflect.ownKeys(value))
    freezeAnswer((value as Record<PropertyKey, unknown>)[key]);
  Object.freeze(value);
  frozenAnswers.add(value);
  return value;
}

/** True for an answer deep-frozen by `freezeAnswer`: its content can never change. */
export function isFrozenAnswer(value: unknown): value is object {
  return typeof value === 'object' && value !== null && frozenAnswers.has(value);
}

/** What tRPC's `.output()` reads: the same input and output types as the zod schema. */
export interface OutputParser<In, Out> {
  readonly _input: In;
  readonly _output: Out;
  parse(value: unknown): Out;
}

/**
 * A procedure's output schema, validated once per content. `.output(answer(schema))` parses
 * every answer with `schema` (the allowlist: unknown keys are stripped, a wrong shape fails) as
 * `.output(schema)` does, except that an answer deep-frozen by `freezeAnswer` (a cached answer)
 * is parsed once and its parsed output reused for as long as that object lives: it cannot have
 * changed, so parsing it again would give the same result. Fresh objects are parsed every time.
 */
export function answer<S extends z.ZodType>(schema: S): OutputParser<z.input<S>, z.output<S>> {
  const parsed = new WeakMap<object, z.output<S>>();
  return {
    parse(value: unknown): z.output<S> {
      if (typeof value !== 'object' || value === null || !frozenAnswers.has(value)) {
        return schema.parse(value);
      }
      let out = parsed.get(value);
      if (out === undefined) {
        out = freezeAnswer(schema.parse(value));
        parsed.set(value, out);
      }
      return out;
    },
  } as OutputParser<z.input<S>, z.output<S>>;
}
