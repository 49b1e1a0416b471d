// SQL LIKE patterns built from what a user typed in a search box.

/**
 * A LIKE pattern that finds `text` anywhere, its wildcards (`%`, `_`) and `\` taken literally:
 * use it with `ESCAPE '\'`, so "50%" finds "50%" and not "500".
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
