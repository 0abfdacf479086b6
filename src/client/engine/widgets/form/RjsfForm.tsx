import Form from '@rjsf/core';
import type { UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';

interface Props {
  schema: Record<string, unknown>;
  uiSchema?: Record<string, unknown> | undefined;
  submitLabel?: string | undefined;
  disabled?: boolean;
  onSubmit: (data: unknown) => void;
}

/** The rjsf renderer; lazy like Vega, so the login route does not carry ajv forms. */
export default function RjsfForm({ schema, uiSchema, submitLabel, disabled, onSubmit }: Props) {
  return (
    <Form
      schema={schema}
      uiSchema={{
        ...(uiSchema as UiSchema | undefined),
        'ui:submitButtonOptions': { submitText: submitLabel ?? 'Submit' },
      }}
      validator={validator}
      disabled={disabled}
      showErrorList="bottom"
      onSubmit={({ formData }) => onSubmit(formData)}
    />
  );
}
