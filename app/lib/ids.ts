/** A UUID as text, any case: the ids of stored entries. The one copy of the pattern (forms validate with it too). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a UUID (the ids of stored entries): anything else is simply not found, never a database error. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
