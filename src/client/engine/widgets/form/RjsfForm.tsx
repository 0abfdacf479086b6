import { useMemo, useState } from 'react';
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import type { MutationNode } from '../../../../shared/config.gen.js';
import {
  mutationMessage,
  problemKind,
  type KeywordError,
  type ProblemKind,
} from '../../../../shared/mutations/mutationMessages.js';
import { formKeywordMessage, formProperties } from '../../../../shared/forms/formMessages.js';
import { distinctProblems } from '../../../../shared/mutations/distinctChecks.js';
import type { LookupFormContext } from './lookup/lookupContext.js';
import { LookupChecklist } from './lookup/LookupChecklist.js';
import { LookupSelect } from './lookup/LookupSelect.js';
import { LookupTags } from './lookup/LookupTags.js';
import { SourceSelect } from './lookup/SourceSelect.js';
import { PairListField } from './lookup/PairListField.js';
import { ReportFiltersField } from './ReportFiltersField.js';
import { FORM_WIDGETS } from './formWidgets.js';
import { FORM_TEMPLATES } from './formButtons.js';
import { SEARCH_WIDGETS } from './searchWidgets.js';
import { TIMING_WIDGETS } from './timingBuilderWidget.js';
import './rjsfForm.css';

/** The config language's form widgets and fields beyond rjsf's own, named in uiSchema. */
const WIDGETS = {
  ...FORM_WIDGETS,
  ...SEARCH_WIDGETS,
  ...TIMING_WIDGETS,
  lookupSelect: LookupSelect,
  lookupChecklist: LookupChecklist,
  lookupTags: LookupTags,
  sourceSelect: SourceSelect,
};
const FIELDS = { pairList: PairListField, reportFilters: ReportFiltersField };

type Row = Record<string, unknown>;

interface Props {
  schema: Record<string, unknown>;
  uiSchema?: Record<string, unknown> | undefined;
  mutation?: MutationNode | null;
  initial?: Row | undefined;
  submitLabel?: string | undefined;
  disabled?: boolean;
  /** A unique field's check on leaving it: the message when taken, null when free. */
  onBlurVerify?: ((field: string, value: unknown, id: unknown) => Promise<string | null>) | undefined;
  /** A plain form's messages by failed keyword, or `field.keyword`; `{title}` is the field's title. */
  errorMessages?: Record<string, string | undefined> | undefined;
  /** Choices of the mutation's lookups, for the lookup widgets. */
  formContext?: LookupFormContext | undefined;
  onSubmit: (data: unknown) => void;
  /** A submit the form's own validation refused: the kind of each problem (the form's banner). */
  onInvalid?: ((kinds: ProblemKind[]) => void) | undefined;
}

/** An rjsf error as the shared mapping reads it: the keyword and the top-level field. */
function keywordError(e: RJSFValidationError): KeywordError {
  return {
    keyword: e.name ?? '',
    field: (e.property ?? '').replace(/^\./, '').split('.')[0] ?? '',
    params: e.params as Record<string, unknown>,
    message: e.message ?? '',
  };
}

/**
 * The config's messages instead of ajv's: a mutation's through the mapping the server uses too, a
 * plain form's by failed keyword (errorMessages).
 */
function transformer(
  schema: Record<string, unknown>,
  mutation: MutationNode | null | undefined,
  byKeyword?: Record<string, string | undefined>,
) {
  return (raw: RJSFValidationError[]) => {
    const errors = raw.map(atField);
    return mutation
      ? errors.map((e) => {
          const message = mutationMessage(mutation, keywordError(e));
          return { ...e, message, stack: message };
        })
      : byKeyword
        ? // An `if` error only says a branch failed: the branch's own error names the field.
          errors
            .filter((e) => e.name !== 'if')
            .map((e) => {
              const path = (e.property ?? '').split('.').filter(Boolean);
              const message = formKeywordMessage(schema, byKeyword, e.name ?? '', path);
              return message ? { ...e, message, stack: message } : e;
            })
        : errors;
  };
}

/**
 * A list's own error (minItems) comes as '.channels', which rjsf files under a field named ''
 * (lodash toPath), so no field showed it; without the dot it lands on the list's field.
 */
function atField(e: RJSFValidationError): RJSFValidationError {
  return e.property?.startsWith('.') ? { ...e, property: e.property.slice(1) } : e;
}

/** The rjsf renderer; lazy like Vega, so the login route does not carry ajv forms. */
export default function RjsfForm(props: Props) {
  const { schema, uiSchema, mutation, initial, submitLabel, disabled, onBlurVerify, formContext } = props;
  const { onSubmit, onInvalid } = props;
  // Controlled: rjsf re-reads formData whenever a prop changes (the blur check's errors do), so
  // the form must hand back what was typed, or every field would reset to the initial row.
  const [formData, setFormData] = useState<Row>(() => pickSchemaFields(schema, initial));
  const [taken, setTaken] = useState<ErrorSchema>({});
  // Lookups with a parent field (a group's roles) follow what is typed.
  // The form's data rides along, for widgets that read a sibling field (a lookup's parent,
  // cronPreview's time zone).
  const context = useMemo(() => ({ ...formContext, formData }), [formContext, formData]);
  const onBlur = (id: string, value: unknown) => {
    if (!onBlurVerify) return;
    const field = id.replace(/^root_/, '');
    void onBlurVerify(field, value, formData.id).then((message) =>
      setTaken((prev) => {
        const next = { ...prev } as Record<string, unknown>;
        if (message) next[field] = { __errors: [message] };
        else delete next[field];
        return next as ErrorSchema;
      }),
    );
  };
  return (
    <Form
      schema={schema}
      // A required list starts empty: rjsf would otherwise fill minItems with blank entries (an
      // empty group-role row, an activity of undefined), hiding the list's own required message.
      experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'never' } }}
      uiSchema={{
        ...(uiSchema as UiSchema | undefined),
        id: { 'ui:widget': 'hidden' },
        updated_at: { 'ui:widget': 'hidden' },
        'ui:submitButtonOptions': { submitText: submitLabel ?? 'Submit' },
        ...withHiddenLast(uiSchema as UiSchema | undefined),
      }}
      formData={formData}
      validator={validator}
      widgets={WIDGETS}
      fields={FIELDS}
      formContext={context}
      customValidate={(data, errors) => {
        // The list checks JSON Schema cannot say (distinct by key), as the server runs them.
        if (!mutation) return errors;
        for (const p of distinctProblems(mutation, (data ?? {}) as Row))
          (errors as unknown as Record<string, { addError(m: string): void } | undefined>)[p.path]?.addError(
            p.message,
          );
        return errors;
      }}
      disabled={disabled}
      // Each message once: at its field, and under the form only what no field shows.
      showErrorList="bottom"
      templates={FORM_TEMPLATES}
      noHtml5Validate
      transformErrors={transformer(schema, mutation, props.errorMessages)}
      // rjsf blocks a submit on any extraErrors object, even {}: pass them only while a field is taken.
      {...(Object.keys(taken).length ? { extraErrors: taken, extraErrorsBlockSubmit: true } : {})}
      onBlur={onBlur}
      onChange={({ formData: data }) => setFormData((data ?? {}) as Row)}
      onSubmit={({ formData: data }) => onSubmit(data)}
      // A taken name (extraErrors) or a distinct-list problem has no keyword: kind 'other'.
      onError={(errors) => onInvalid?.(errors.map((e) => problemKind(mutation, keywordError(e))))}
    />
  );
}

/** Only the fields the schema declares: a grid row carries more than the write may send. */
function pickSchemaFields(schema: Record<string, unknown>, row: Row | undefined): Row {
  if (!row) return {};
  const names = Object.keys(formProperties(schema));
  return Object.fromEntries(
    names.filter((n) => row[n] !== undefined && row[n] !== null).map((n) => [n, row[n]]),
  );
}

/**
 * A configured field order names the fields a person sees; the hidden id and updated_at an edit
 * sends back go last ('*'), else rjsf refuses the order ("does not contain properties ...").
 */
function withHiddenLast(uiSchema: UiSchema | undefined): UiSchema {
  const order = uiSchema?.['ui:order'];
  return order && !order.includes('*') ? { 'ui:order': [...order, '*'] } : {};
}
