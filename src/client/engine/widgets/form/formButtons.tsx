import type { ErrorListProps, ErrorSchema, IconButtonProps } from '@rjsf/utils';

/**
 * rjsf's Add button is a Bootstrap glyph with no text: without Bootstrap's icon font it renders
 * blank (the report mailer's filter builder had an empty button). A worded button instead;
 * `ui:options.addText` names what it adds ("Add Filter").
 */
function AddButton({ id, onClick, disabled, uiSchema }: IconButtonProps) {
  const text = (uiSchema?.['ui:options'] as { addText?: string } | undefined)?.addText ?? 'Add';
  return (
    <button id={id} type="button" className="ss-btn ss-btn--ghost" onClick={onClick} disabled={disabled}>
      {text}
    </button>
  );
}

/** The same for Remove (a glyph too): a worded button. */
function RemoveButton({ id, onClick, disabled }: IconButtonProps) {
  return (
    <button id={id} type="button" className="ss-btn ss-btn--ghost" onClick={onClick} disabled={disabled}>
      Remove
    </button>
  );
}

const BUTTON_TEMPLATES = { AddButton, RemoveButton };

/** Whether the error schema files `message` at `path` (what a field shows under itself). */
function filedAt(errorSchema: ErrorSchema, path: string[], message: string): boolean {
  let node: unknown = errorSchema;
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
  return ((node as { __errors?: string[] } | undefined)?.__errors ?? []).includes(message);
}

/**
 * Under the form, only the problems no field shows (rjsf leaves a checkbox list's own minItems
 * out of its field): each message is said once, never a second list of every field's message.
 */
function ErrorListTemplate({ errors, errorSchema }: ErrorListProps) {
  const unfiled = errors.filter(
    (e) => !filedAt(errorSchema, (e.property ?? '').split('.').filter(Boolean), e.message ?? ''),
  );
  if (unfiled.length === 0) return null;
  return (
    <ul className="error-detail ss-form-errors">
      {unfiled.map((e) => (
        <li key={`${e.property ?? ''}:${e.message ?? ''}`} className="text-danger">
          {e.message}
        </li>
      ))}
    </ul>
  );
}

export const FORM_TEMPLATES = { ButtonTemplates: BUTTON_TEMPLATES, ErrorListTemplate };
