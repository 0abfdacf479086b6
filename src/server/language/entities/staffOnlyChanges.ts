/**
 * What a group buys: the platform sets it, so a group admin cannot extend their own end date or
 * add channels (docs/principals.md "Platform-wide actions").
 */
export const GROUP_SUBSCRIPTION_FIELDS = [
  'end_date',
  'channels',
  'crawl_types',
  'schema_types',
  'operation_type',
] as const;

/**
 * Each entity's staff-only fields: a write by anyone else that would change one is refused
 * (runMutation.ts), and the forms of such a write show them read-only (staffOnlyFieldsReadOnly.ts).
 */
export const STAFF_ONLY_FIELDS: Readonly<Record<string, readonly string[]>> = {
  group: GROUP_SUBSCRIPTION_FIELDS,
};

/** A comparable form: a date text as its day, arrays in order, null for absent. */
function comparable(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'null';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value))
    return JSON.stringify(value.slice(0, 10));
  if (Array.isArray(value)) return JSON.stringify(value.map(Number).sort((a, b) => a - b));
  return JSON.stringify(value);
}

/** The staff-only fields a write would change: those it names with a value other than the row's. */
export function staffOnlyChanges(
  keys: readonly string[],
  before: Record<string, unknown>,
  fields: Record<string, unknown>,
): string[] {
  return keys.filter(
    (k) =>
      Object.hasOwn(fields, k) && fields[k] !== undefined && comparable(fields[k]) !== comparable(before[k]),
  );
}
