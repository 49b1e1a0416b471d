// Packages loaded on first use (ADR 019: xlsx, sharp, file-type, argon2) are imported through
// here. The built server runs as a script with V8's code cache (server/launcher.ts, ADR 022),
// and a script compiled from that cache cannot call import() itself in Node 20; the launcher,
// an ES module, lends its own import() under this symbol. Anywhere else (tests, `npm run
// dev`, scripts) the module's own import() is used.

type Importer = (name: string) => Promise<unknown>;

export const IMPORT_PACKAGE = Symbol.for('wholesale.importPackage');

/** The package `name`, imported once by the caller (it keeps the promise). */
export function importPackage<T>(name: string): Promise<T> {
  const lent = (globalThis as { [IMPORT_PACKAGE]?: Importer })[IMPORT_PACKAGE];
  return (lent ? lent(name) : import(name)) as Promise<T>;
}
