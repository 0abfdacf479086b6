import type { MutationNode } from '../config.gen.js';
import type { FieldProblem } from '../errors.js';

/** What both ajv (server) and rjsf (client) report of a failed keyword. */
export interface KeywordError {
  keyword: string;
  /** The field the error is about ('' for the body itself). */
  field: string;
  params?: Record<string, unknown>;
  message?: string;
}

/** The field an ajv error is about: `required` names it in params, others in the path. */
export function errorField(instancePath: string, keyword: string, params: Record<string, unknown>): string {
  if (keyword === 'required') return typeof params.missingProperty === 'string' ? params.missingProperty : '';
  if (keyword === 'additionalProperties')
    return typeof params.additionalProperty === 'string' ? params.additionalProperty : '';
  return instancePath.split('/')[1] ?? '';
}

/** What a refused value lacks: a required value, a well-formed e-mail, or something else. */
export type ProblemKind = 'required' | 'email' | 'other';

/**
 * The kind of a keyword error. `required`: the field is missing, blank (the `\S` pattern a
 * `required` check adds) or an empty list (`minItems`). `email`: the e-mail pattern of an `email`
 * check, or JSON Schema `format: email`. Anything else (a wrong type, a bound, a taken name) is
 * `other`. One rule for the field messages below and for a form's banner (FormWidget).
 */
export function problemKind(mutation: MutationNode | null | undefined, error: KeywordError): ProblemKind {
  if (
    ['required', 'minItems'].includes(error.keyword) ||
    (error.keyword === 'pattern' && error.params?.pattern === '\\S')
  )
    return 'required';
  if (error.keyword === 'format' && error.params?.format === 'email') return 'email';
  const emailCheck = (mutation?.checks ?? []).some((c) => c.field === error.field && c.kind === 'email');
  if (error.keyword === 'pattern' && emailCheck) return 'email';
  return 'other';
}

/**
 * The config's message for an error: a missing, blank or empty required field gets its
 * `required` check's message, a malformed e-mail its `email` check's; anything else (a wrong
 * type, a bound) names the field's title. Client and server use this one mapping, so the form and
 * the API refuse with the same words.
 */
export function mutationMessage(mutation: MutationNode, error: KeywordError): string {
  const checks = (mutation.checks ?? []).filter((c) => c.field === error.field);
  const message = (kind: string) => checks.find((c) => c.kind === kind)?.message;
  if (error.keyword === 'additionalProperties') return `Unknown field "${error.field}"`;
  const kind = problemKind(mutation, error);
  if (kind === 'required') return message('required') ?? `${titleOf(mutation, error.field)} is required`;
  if (kind === 'email' && message('email')) return message('email')!;
  return `${titleOf(mutation, error.field)} ${error.message ?? 'is invalid'}`;
}

export function titleOf(mutation: MutationNode, field: string): string {
  const node: Record<string, unknown> | undefined = mutation.schema?.properties[field];
  const title = node?.title;
  return typeof title === 'string' ? title : field;
}

/** One problem per field (the first error wins: a blank e-mail reports 'required', not the pattern). */
export function mutationProblems(mutation: MutationNode, errors: readonly KeywordError[]): FieldProblem[] {
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const error of errors) {
    if (seen.has(error.field)) continue;
    seen.add(error.field);
    problems.push({ path: error.field, message: mutationMessage(mutation, error) });
  }
  return problems;
}
