import type { FormInvalidMessages } from '../../../../shared/config.gen.js';
import type { ProblemKind } from '../../../../shared/mutations/mutationMessages.js';

/**
 * The form-level message for a submit its own validation refused (schemas/form.schema.json
 * `invalidMessages`): a missing required value wins, then a malformed e-mail — the order of the
 * spec's overall 'Fill required values' / 'Enter Valid Email'. Other problems (a taken name, a
 * bound) have no form-level message: their field says it. Null when nothing applies.
 */
export function invalidBanner(
  messages: FormInvalidMessages | undefined,
  kinds: readonly ProblemKind[],
): string | null {
  if (!messages) return null;
  if (kinds.includes('required')) return messages.required ?? null;
  if (kinds.includes('email')) return messages.email ?? null;
  return null;
}
