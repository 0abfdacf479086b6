/** Identifiers and aliases in SQL text: the only way config names reach a query. */

const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Quotes a config identifier. The schema already restricts identifiers to this pattern; checking
 * again here means no code path can put other text into SQL, whatever called it.
 */
export function ident(name: string): string {
  if (!IDENT.test(name)) throw new Error(`Refusing SQL identifier ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/** Output aliases are config ids (dimension/measure ids), which may contain capitals. */
export function alias(name: string): string {
  if (!/^[a-zA-Z_][a-zA-Z0-9_]{0,62}$/.test(name))
    throw new Error(`Refusing SQL alias ${JSON.stringify(name)}`);
  return `"${name}"`;
}
