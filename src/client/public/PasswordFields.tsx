import { useState, type FormEvent } from 'react';
import { passwordProblem } from '../../shared/auth/accessRules.js';
import { NewPasswordInputs } from './PasswordInput.js';

interface Props {
  title: string;
  hint: string;
  busy: boolean;
  submitLabel: string;
  /** Toast text when the fields are refused before sending. */
  onInvalid: (message: string, emptyFields: boolean) => void;
  onSubmit: (password: string, confirm: string) => Promise<void>;
  children?: React.ReactNode;
}

/** New password + confirm with the spec's rule and messages (reset and account activation). */
export function PasswordFields({ title, hint, busy, submitLabel, onInvalid, onSubmit, children }: Props) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const empty = !password || !confirm;
    const found = passwordProblem(password, confirm);
    setProblem(found);
    if (found) return onInvalid(found, empty);
    void onSubmit(password, confirm);
  };
  return (
    <form className="pub-form" onSubmit={submit} noValidate>
      <h2>{title}</h2>
      <p className="pub-form__hint">{hint}</p>
      <NewPasswordInputs
        password={password}
        confirm={confirm}
        problem={problem}
        onPassword={setPassword}
        onConfirm={setConfirm}
      />
      <button type="submit" className="ss-btn ss-btn--primary ss-btn--block" disabled={busy}>
        {submitLabel}
      </button>
      {children}
    </form>
  );
}
