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
  // What fetch() rejects with when the server cannot be reached (Chromium, Firefox, Safari).
  'Failed to fetch': 'errors.network',
  'NetworkError when attempting to fetch resource.': 'errors.network',
  'Load failed': 'errors.network',
};

const THROTTLED = /^Too many failed sign-in attempts\. Please wait (\d+) seconds and try again\.$/;

export function translateMessage(t: TFunction, message: string): string {
  const key = KNOWN[message];
  if (key) return t(key);
  const throttled = THROTTLED.exec(message);
  if (throttled) return t('errors.tooManyAttempts', { seconds: throttled[1] });
  return message;
}

/** An error's message for the user, translated when known, else the fallback key's text. */
export function errorText(t: TFunction, error: unknown, fallbackKey: string): string {
  const message = error instanceof Error ? error.message : '';
  return message ? translateMessage(t, message) : t(fallbackKey);
}
