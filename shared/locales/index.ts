// The interface text of the three languages, one file per screen group (and per domain for the
// error codes) so that work on one area never edits another's file. Both the client (i18next)
// and the server (REST `message`, in English) read these objects.
// English, Nepali and Japanese are separate modules (en.ts, ne.ts, ja.ts): the client's first
// download carries English only and fetches the others when they show.

export { en, type OtherPluralOnly, type Resources } from './en';
export { ja } from './ja';
export { ne } from './ne';
