import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { authApi } from '../api/authApi.js';
import { notify } from '../services/toast.js';
import { PublicLayout } from './PublicLayout.js';
import { PasswordFields } from './PasswordFields.js';

/** /public/verifyuser?verify_token=...: a new account sets its password; without a token, back to login. */
export function VerifyUserPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const token = params.get('verify_token');
  if (!token) return <Navigate to="/public/login" replace />;
  const submit = async (password: string, confirm: string) => {
    setBusy(true);
    try {
      await authApi.verifyUser(token, password, confirm);
      notify.success('Password Updated Successfully!!');
      void navigate('/public/login', { replace: true });
    } catch {
      notify.error('Error while updating password');
    } finally {
      setBusy(false);
    }
  };
  return (
    <PublicLayout>
      <PasswordFields
        title="Activate your account"
        hint="Choose a password: 8-30 characters with an uppercase letter, a number and a special character."
        busy={busy}
        submitLabel="Set Password"
        onInvalid={(message, empty) => notify.error(empty ? 'Fill required values' : message)}
        onSubmit={submit}
      />
    </PublicLayout>
  );
}
