import { useState, type FormEvent } from 'react';
import { MSG, isEmail } from '../../shared/auth/accessRules.js';

interface Props {
  busy: boolean;
  onSend: (email: string) => Promise<void>;
  onBack: () => void;
}

/** Forgot password: a reset link by e-mail. */
export function ForgotStep({ busy, onSend, onBack }: Props) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isEmail(email)) return setError(MSG.invalidEmail);
    setError(null);
    void onSend(email.trim().toLowerCase());
  };
  return (
    <form className="pub-form" onSubmit={submit} noValidate>
      <h2>Forgot Password</h2>
      <p className="pub-form__hint">Enter your registered e-mail; we'll send a link to set a new password.</p>
      <label className="pub-field">
        <span>E-mail</span>
        <input
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={!!error}
        />
        {error && <small className="pub-field__error">{error}</small>}
      </label>
      <button type="submit" className="ss-btn ss-btn--primary ss-btn--block" disabled={busy}>
        Send Link
      </button>
      <button type="button" className="pub-link" onClick={onBack}>
        Back to login
      </button>
    </form>
  );
}
