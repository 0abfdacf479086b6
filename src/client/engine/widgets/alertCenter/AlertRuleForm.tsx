import { useState } from 'react';
import { errorMessage, http } from '../../../api/http.js';
import { notify } from '../../../services/toast.js';

export interface Rule {
  id: number;
  kind: string;
  kindLabel: string;
  name: string;
  threshold: number | null;
  recipients: string[];
  status: string;
  updatedAt: string;
  /** An anomaly rule's measure: a dataset's measure per member of one of its dimensions. */
  watch?: { dataset: string; measure: string; by: string } | null;
}
export interface Kind {
  id: string;
  label: string;
  threshold: number | null;
}

interface Draft {
  kind: string;
  name: string;
  threshold: string;
  recipients: string;
  status: string;
  dataset: string;
  measure: string;
  by: string;
}
const EMPTY: Draft = {
  kind: '',
  name: '',
  threshold: '',
  recipients: '',
  status: 'Active',
  dataset: '',
  measure: '',
  by: '',
};
/** The kind whose rules watch a measure of a dataset (features/alerts/alertKinds.ts). */
const ANOMALY = 'anomaly';
const draftOf = (r: Rule): Draft => ({
  kind: r.kind,
  name: r.name,
  threshold: r.threshold === null ? '' : String(r.threshold),
  recipients: r.recipients.join(', '),
  status: r.status,
  dataset: r.watch?.dataset ?? '',
  measure: r.watch?.measure ?? '',
  by: r.watch?.by ?? '',
});

/**
 * Adds a rule, or edits the one given (sending back the version it was read at: a rule another
 * admin changed meanwhile is refused, and the refusal stays on the form until the next try).
 */
export function AlertRuleForm({
  kinds,
  editing,
  onSaved,
  onCancel,
}: {
  kinds: readonly Kind[];
  editing: Rule | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(editing ? draftOf(editing) : EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (field: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [field]: e.target.value });

  const save = async () => {
    setProblem(null);
    const kind = draft.kind || kinds[0]?.id || '';
    const body = {
      kind,
      name: draft.name,
      threshold: draft.threshold.trim() === '' ? null : Number(draft.threshold),
      recipients: draft.recipients
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      watch:
        kind === ANOMALY
          ? { dataset: draft.dataset.trim(), measure: draft.measure.trim(), by: draft.by.trim() }
          : null,
    };
    try {
      const res = editing
        ? await http.put<{ msg: string }>(`alert-rules/${editing.id}`, {
            ...body,
            status: draft.status,
            updatedAt: editing.updatedAt,
          })
        : await http.post<{ msg: string }>('alert-rules', body);
      notify.success(res.data.msg);
      if (!editing) setDraft(EMPTY);
      onSaved();
    } catch (e) {
      setProblem(errorMessage(e));
    }
  };

  return (
    <form
      className="ss-alert-rule-form"
      aria-label={editing ? `Edit rule ${editing.name}` : 'Add rule'}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h4>{editing ? `Edit rule "${editing.name}"` : 'Add a rule'}</h4>
      <label>
        Watch
        <select value={draft.kind} onChange={set('kind')}>
          {kinds.map((k) => (
            <option key={k.id} value={k.id}>
              {k.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Name
        <input required value={draft.name} onChange={set('name')} />
      </label>
      {(draft.kind || kinds[0]?.id) === ANOMALY && (
        <>
          <label>
            Dataset
            <input required value={draft.dataset} onChange={set('dataset')} placeholder="sales" />
          </label>
          <label>
            Measure
            <input required value={draft.measure} onChange={set('measure')} placeholder="units" />
          </label>
          <label>
            Per (dimension)
            <input required value={draft.by} onChange={set('by')} placeholder="brand_id" />
          </label>
        </>
      )}
      <label>
        Threshold (optional); for an anomaly, the robust z
        <input
          type="number"
          min={0}
          max={100}
          step="any"
          value={draft.threshold}
          onChange={set('threshold')}
        />
      </label>
      <label>
        Digest to (e-mails, comma-separated)
        <input value={draft.recipients} onChange={set('recipients')} />
      </label>
      {editing && (
        <label>
          Status
          <select value={draft.status} onChange={set('status')}>
            <option value="Active">Active</option>
            <option value="In-Active">In-Active</option>
          </select>
        </label>
      )}
      {problem && (
        <p role="alert" className="ss-form-error">
          {problem}
        </p>
      )}
      <div className="ss-alert-rule-form__actions">
        <button type="submit" className="ss-btn ss-btn--primary">
          {editing ? 'Save rule' : 'Add rule'}
        </button>
        {editing && (
          <button type="button" className="ss-btn ss-btn--ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
