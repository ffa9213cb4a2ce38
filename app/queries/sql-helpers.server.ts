/** Escapes LIKE wildcards (and the escape character) so text typed by a person matches literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
