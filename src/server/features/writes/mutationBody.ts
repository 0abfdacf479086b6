import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { MutationNode } from '../../../shared/config.gen.js';
import { BadRequestError } from '../../../shared/errors.js';
import { mutationBodySchema } from '../../../shared/mutations/mutationBodySchema.js';
import { distinctProblems } from '../../../shared/mutations/distinctChecks.js';
import { errorField, mutationProblems } from '../../../shared/mutations/mutationMessages.js';

// No coercion and no removal: the body must already be what the form sends. Formats as rjsf's
// validator knows them, so a date the form refuses is refused here too.
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
// A reload brings new mutation objects, so compiled validators go with the old config.
const compiled = new WeakMap<MutationNode, ValidateFunction>();

function validatorOf(mutation: MutationNode): ValidateFunction {
  let validate = compiled.get(mutation);
  if (!validate) {
    validate = ajv.compile(mutationBodySchema(mutation));
    compiled.set(mutation, validate);
  }
  return validate;
}

/**
 * Refuses a body the mutation's form would refuse, with the same messages (the schema and the
 * keyword-to-message mapping are shared with the client): 400 with the first field's message and
 * every field's problem. The client can be bypassed; this check cannot.
 */
export function checkMutationBody(mutation: MutationNode, body: unknown): Record<string, unknown> {
  const validate = validatorOf(mutation);
  if (validate(body)) {
    const listProblems = distinctProblems(mutation, body as Record<string, unknown>);
    if (listProblems.length) throw new BadRequestError(listProblems[0]!.message, listProblems);
    return body as Record<string, unknown>;
  }
  const problems = mutationProblems(
    mutation,
    (validate.errors ?? []).map((e) => ({
      keyword: e.keyword,
      field: errorField(e.instancePath, e.keyword, e.params as Record<string, unknown>),
      params: e.params as Record<string, unknown>,
      ...(e.message ? { message: e.message } : {}),
    })),
  );
  throw new BadRequestError(problems[0]?.message ?? mutation.failureMessage ?? 'Invalid body', problems);
}
