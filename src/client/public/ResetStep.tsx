import { useState } from 'react';
import { authApi } from '../api/authApi.js';
import { errorMessage } from '../api/http.js';
import { notify } from '../services/toast.js';
import { PasswordFields } from './PasswordFields.js';

/** /public/login?token=...: choose a new password; success returns to the login form. */
export function ResetStep({ token, onDone }: { token: string; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const submit = async (password: string, confirm: string) => {
    setBusy(true);
    try {
      await authApi.resetPassword(token, password, confirm);
      notify.success('Password Updated Successfully!!');
      onDone();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <PasswordFields
      title="Reset Password"
      hint="8-30 characters with an uppercase letter, a number and a special character."
      busy={busy}
      submitLabel="Reset Password"
      onInvalid={() => notify.error('Enter proper Password')}
      onSubmit={submit}
    >
      <a className="pub-link" href="/public/login" onClick={(e) => (e.preventDefault(), onDone())}>
        Back to login
      </a>
    </PasswordFields>
  );
}
