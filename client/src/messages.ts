import type { TFunction } from 'i18next';

// The server answers in English (shared/schemas and server/ use the spec's wording). Messages
// it is known to send are looked up here so Nepali readers see them translated; anything else
// is shown as the server wrote it.
const KNOWN: Record<string, string> = {
  'This field is required.': 'errors.required',
  'Invalid username or password': 'errors.invalidLogin',
  'Please sign in.': 'errors.signInFirst',
  'You are not allowed to do this.': 'errors.forbidden',
  'Something went wrong. Please try again.': 'errors.generic',
  'This already exists.': 'errors.alreadyExists',
  'It refers to something that does not exist.': 'errors.missingReference',
  'The values are not allowed.': 'errors.valuesNotAllowed',
  'The server is busy. Please try again.': 'errors.serverBusy',
  // Orders (placing and reading).
  'Order not found.': 'errors.orderNotFound',
  'The order has no items.': 'errors.orderEmpty',
  'The delivery date cannot be in the past.': 'errors.deliveryDatePast',
  'The delivery date is too far ahead.': 'errors.deliveryDateTooFar',
  'Please choose a delivery date.': 'errors.deliveryDateMissing',
  'The message is too long.': 'errors.messageTooLong',
  'Quantity must be a whole number from 1 to 9999.': 'errors.quantityRange',
  'A product in your cart is no longer available. Please remove it and try again.':
    'errors.productGone',
  // What fetch() rejects with when the server cannot be reached (Chromium, Firefox, Safari).
  'Failed to fetch': 'errors.network',
  'NetworkError when attempting to fetch resource.': 'errors.network',
  'Load failed': 'errors.network',
};

const THROTTLED = /^Too many failed sign-in attempts\. Please wait (\d+) seconds and try again\.$/;
const OUT_OF_STOCK = /^(.+) is out of stock\.$/;
const TOO_MANY = /^Quantity of (.+) must be at most (\d+)\.$/;
/** Validation failures arrive as 'Invalid input. orderItems.0.quantity: <message>'. */
const INVALID_INPUT = /^Invalid input\. (?:[\w.]+: )?(.+)$/;

export function translateMessage(typedT: TFunction, message: string): string {
  // The keys here are chosen at run time: looked up loosely (a missing key shows the key).
  const t = typedT as unknown as (key: string, options?: Record<string, unknown>) => string;
  const key = KNOWN[message];
  if (key) return t(key);
  const throttled = THROTTLED.exec(message);
  if (throttled) return t('errors.tooManyAttempts', { seconds: throttled[1] });
  const outOfStock = OUT_OF_STOCK.exec(message);
  if (outOfStock) return t('errors.outOfStock', { name: outOfStock[1] });
  const tooMany = TOO_MANY.exec(message);
  if (tooMany) return t('errors.quantityTooLarge', { name: tooMany[1], max: tooMany[2] });
  const invalid = INVALID_INPUT.exec(message);
  if (invalid?.[1] && KNOWN[invalid[1]]) return t(KNOWN[invalid[1]] as string);
  return message;
}

/** An error's message for the user, translated when known, else the fallback key's text. */
export function errorText(t: TFunction, error: unknown, fallbackKey: string): string {
  const message = error instanceof Error ? error.message : '';
  return message
    ? translateMessage(t, message)
    : (t as unknown as (k: string) => string)(fallbackKey);
}
