/**
 * Ids are PostgreSQL `integer` columns: a larger number reaches the database as an out-of-range
 * error (a 500). Route schemas bound them, so such input is a 400 naming the field.
 */
export const INT32_MAX = 2_147_483_647;

/** A row id: 1 .. 2^31-1. */
export const idSchema = { type: 'integer', minimum: 1, maximum: INT32_MAX } as const;

/** A client-chosen number stored in an integer column (view and menu ids of a share link). */
export const int32Schema = { type: 'integer', minimum: 0, maximum: INT32_MAX } as const;
