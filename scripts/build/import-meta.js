// Injected into the CommonJS server bundle (scripts/build-server.ts): what the sources read
// from import.meta, from the bundle's own path (__filename and __dirname of CommonJS, which
// the launcher sets to dist/server/server.cjs).
import { pathToFileURL } from 'node:url';

export const import_meta_url = pathToFileURL(__filename).href;
export const import_meta_dirname = __dirname;
