// The interface text of both languages, one file per screen group (and per domain for the
// error codes) so that work on one area never edits another's file. Both the client (i18next)
// and the server (REST `message`, in English) read these objects.
// English and Nepali are separate modules (en.ts, ne.ts): the client's first download carries
// English only and fetches Nepali when it shows.

export { en, type Resources } from './en';
export { ne } from './ne';
