import { useState, type FormEvent } from 'react';
import { MSG } from '../../shared/auth/accessRules.js';

interface Props {
  busy: boolean;
  invalid: boolean;
  onSubmit: (username: string, password: string) => Promise<boolean>;
  onForgot: () => void;
}

/** User name and password; blank fields get the spec's messages, a refused login clears the password. */
export function CredentialsStep({ busy, invalid, onSubmit, onForgot }: Props) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      username: username.trim() ? undefined : MSG.userNameBlank,
      password: password ? undefined : MSG.passwordBlank,
    };
    setErrors(next);
    if (next.username || next.password) return;
    if (!(await onSubmit(username.trim().toLowerCase(), password))) setPassword('');
  };
  return (
    <form className="pub-form" onSubmit={(e) => void submit(e)} noValidate>
      <h2>Log in</h2>
      <p className="pub-form__hint">Use the e-mail address your administrator registered.</p>
      <label className="pub-field">
        <span>User Name</span>
        <input
          name="username"
          type="email"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          aria-invalid={!!errors.username || invalid}
        />
        {errors.username && <small className="pub-field__error">{errors.username}</small>}
      </label>
      <label className="pub-field">
        <span>Password</span>
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={!!errors.password || invalid}
        />
        {errors.password && <small className="pub-field__error">{errors.password}</small>}
        {!errors.password && invalid && <small className="pub-field__error">Invalid Credentials</small>}
      </label>
      <button type="submit" className="ss-btn ss-btn--primary ss-btn--block" disabled={busy}>
        {busy ? 'Logging in…' : 'Log in'}
      </button>
      <button type="button" className="pub-link" onClick={onForgot}>
        Forgot Password?
      </button>
    </form>
  );
}
