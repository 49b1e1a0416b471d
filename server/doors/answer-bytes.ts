import { isFrozenAnswer } from '../platform/output';
import { COMPRESS_THRESHOLD, chooseEncoding, type Encoding, encode } from './transport';

// The bytes of answers that cannot change. A frozen answer (a cached list page, Frozen Counts,
// a driver's pending list: server/platform/output.ts) is the same object for every caller until a write
// replaces it, so its JSON and its compressed forms are made once and kept beside it, for as
// long as the answer itself lives (WeakMaps: bounded by the caches that keep the answers).
// Both doors use it: the /trpc door inside its envelope, the REST door as it is.

const jsonOf = new WeakMap<object, string>();
const bytesOf = new WeakMap<object, Map<string, KeptBytes>>();

export interface KeptBytes {
  body: Buffer | string;
  /** Set when `body` is compressed. */
  encoding: Exclude<Encoding, 'identity'> | null;
}

/** JSON of a value; kept for frozen answers. */
export function answerJson(value: unknown): string {
  if (!isFrozenAnswer(value)) return JSON.stringify(value);
  let json = jsonOf.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    jsonOf.set(value, json);
  }
  return json;
}

/**
 * The bytes to send for `value` wrapped by `wrap` (an envelope around its JSON), compressed as
 * the client accepts; made once per (answer, envelope, encoding). Null when `value` is not a
 * frozen answer: the caller then serializes as usual and the transport compresses.
 */
export function answerBytes(
  value: unknown,
  envelope: string,
  acceptEncoding: string | string[] | undefined,
  wrap: (json: string) => string = (json) => json,
): KeptBytes | null {
  if (!isFrozenAnswer(value)) return null;
  const encoding = chooseEncoding(acceptEncoding);
  let forms = bytesOf.get(value);
  if (forms === undefined) {
    forms = new Map();
    bytesOf.set(value, forms);
  }
  const key = `${envelope} ${encoding}`;
  let kept = forms.get(key);
  if (kept === undefined) {
    const text = wrap(answerJson(value));
    if (encoding === 'identity' || Buffer.byteLength(text) < COMPRESS_THRESHOLD) {
      kept = { body: text, encoding: null };
    } else {
      kept = { body: encode(Buffer.from(text), encoding), encoding };
    }
    forms.set(key, kept);
  }
  return kept;
}
