import type { FastifyRequest } from 'fastify';
import type { FormWidget } from '../../../shared/config.gen.js';
import { BadRequestError, type FieldProblem } from '../../../shared/errors.js';
import { formKeywordMessage } from '../../../shared/forms/formMessages.js';
import type { ConfigSnapshot } from '../../language/config/configRegistry.js';

/** The screen whose form writes mailers (screens/report/reportmailer.screen.json). */
const FORM_SCREEN = 'report/reportmailer';
const SAVE_ENDPOINT = 'report-mailers/save';

interface MailerForm {
  schema: Record<string, unknown>;
  messages: Record<string, string>;
}

type Body = Record<string, unknown>;

/** The mailer form of the live config: its schema (field titles) and errorMessages. */
function mailerForm(snapshot: ConfigSnapshot): MailerForm {
  const form = snapshot.screens
    .get(FORM_SCREEN)
    ?.widgets.find((w): w is FormWidget => w.kind === 'form' && w.submit?.endpoint === SAVE_ENDPOINT);
  return {
    schema: form?.schema ?? {},
    messages: (form?.errorMessages ?? {}) as Record<string, string>,
  };
}

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** An ajv error at a field as the form names it: recipient entries fail one pattern in the form. */
function asFormError(e: AjvError) {
  const path = e.instancePath.split('/').filter(Boolean);
  if (e.keyword === 'required' && typeof e.params.missingProperty === 'string')
    path.push(e.params.missingProperty);
  const keyword = path[0] === 'recipients' && path.length > 1 ? 'pattern' : e.keyword;
  return { path, keyword };
}

/**
 * A mailer body the route schema refused (`attachValidation`): a 400 with the form's message for
 * the first problem (Mailer Name is a required attribute., You have to enter valid email), every
 * problem listed; the validator's own words only where the form has none.
 */
export function mailerSchemaError(snapshot: ConfigSnapshot, request: FastifyRequest): BadRequestError {
  const refused = request.validationError;
  if (refused?.validationContext !== 'body')
    return new BadRequestError(refused?.message ?? 'Invalid request');
  const { schema, messages } = mailerForm(snapshot);
  const body = (request.body ?? {}) as Body;
  const problems: FieldProblem[] = ((refused.validation ?? []) as AjvError[]).map((e) => {
    const { path, keyword } = asFormError(e);
    const message =
      formKeywordMessage(schema, messages, keyword, path, body) ??
      `${path.join('.') || 'body'} ${e.message ?? 'is invalid'}`;
    return { path: path.join('.'), message };
  });
  return new BadRequestError(problems[0]?.message ?? 'Invalid report mailer', problems);
}

/** A field the distribution needs and the body lacks, in the form's words (Host is a required attribute.). */
export function mailerFieldMissing(
  snapshot: ConfigSnapshot,
  body: Body,
  keyword: 'required' | 'minItems',
  path: readonly string[],
): BadRequestError {
  const { schema, messages } = mailerForm(snapshot);
  const message =
    formKeywordMessage(schema, messages, keyword, path, body) ?? `${path.join('.')} is required`;
  return new BadRequestError(message, [{ path: path.join('.'), message }]);
}
