import { useState, type FormEvent } from 'react';
import type { AxiosError } from 'axios';
import { errorMessage } from '../api/http.js';
import { notify } from '../services/toast.js';
import type { Envelope } from '../../shared/envelope.js';
import type { FieldProblem } from '../../shared/errors.js';
import { FAQ_MSG, type FaqEntry } from '../../shared/support/faqRules.js';
import { supportApi } from './supportApi.js';

interface Props {
  entry?: FaqEntry;
  onSaved: () => void;
  onCancel: () => void;
}

/** One FAQ entry's form (platform staff): each field's message under it, the server's too. */
export function FaqEditor({ entry, onSaved, onCancel }: Props) {
  const [question, setQuestion] = useState(entry?.question ?? '');
  const [answer, setAnswer] = useState(entry?.answer ?? '');
  const [problems, setProblems] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!question.trim()) local.question = FAQ_MSG.noQuestion;
    if (!answer.trim()) local.answer = FAQ_MSG.noAnswer;
    setProblems(local);
    if (Object.keys(local).length) return;
    try {
      const res = entry
        ? await supportApi.editFaq({ ...entry, question, answer })
        : await supportApi.addFaq({ question, answer });
      notify.success(res.msg);
      onSaved();
    } catch (err) {
      const body = (err as AxiosError<Envelope<{ problems?: FieldProblem[] }>>).response?.data;
      const byField = Object.fromEntries((body?.data?.problems ?? []).map((p) => [p.path, p.message]));
      if (Object.keys(byField).length) setProblems(byField);
      else notify.error(errorMessage(err));
    }
  };

  const field = (name: 'question' | 'answer', label: string, value: string, set: (v: string) => void) => (
    <label className="pub-field">
      <span>{label}</span>
      <textarea
        rows={name === 'question' ? 2 : 4}
        value={value}
        aria-invalid={problems[name] ? true : undefined}
        onChange={(e) => set(e.target.value)}
      />
      {problems[name] && (
        <span className="ss-field-error" role="alert">
          {problems[name]}
        </span>
      )}
    </label>
  );

  return (
    <form
      className="ss-form ss-help__editor"
      aria-label={entry ? 'Edit question' : 'New question'}
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      {field('question', 'Question', question, setQuestion)}
      {field('answer', 'Answer', answer, setAnswer)}
      <div className="ss-help__actions">
        <button type="submit" className="ss-btn ss-btn--primary">
          Save
        </button>
        <button type="button" className="ss-btn ss-btn--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
