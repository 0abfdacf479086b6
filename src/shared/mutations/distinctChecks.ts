import type { MutationNode } from '../config.gen.js';
import type { FieldProblem } from '../errors.js';

type Item = Record<string, unknown>;

/**
 * The `distinct` checks of a mutation over a body that passed its JSON Schema: no two items of a
 * list field share the value of `by`, items matching an `ignore` condition left out (a deleted or
 * inactive mapping). JSON Schema cannot say "unique by key", so both sides run this after it:
 * rjsf as customValidate, the server after ajv.
 */
export function distinctProblems(mutation: MutationNode, body: Record<string, unknown>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const check of mutation.checks ?? []) {
    if (check.kind !== 'distinct' || !check.by) continue;
    const items = body[check.field];
    if (!Array.isArray(items)) continue;
    const seen = new Set<unknown>();
    for (const item of items as Item[]) {
      if (!item || typeof item !== 'object') continue;
      if ((check.ignore ?? []).some((c) => item[c.field] === c.equals)) continue;
      const key = item[check.by];
      if (seen.has(key)) {
        problems.push({ path: check.field, message: check.message });
        break;
      }
      seen.add(key);
    }
  }
  return problems;
}
