import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { passwordProblem } from '../../shared/auth/accessRules.js';
import { authApi } from '../api/authApi.js';
import { errorMessage } from '../api/http.js';
import { notify } from '../services/toast.js';
import { NewPasswordInputs, PasswordInput } from '../public/PasswordInput.js';

/** /workspace/resetpassword: change the password with the current one; the rule of docs/product-spec.md §5. */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = current ? passwordProblem(password, confirm) : 'Fill required values';
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      await authApi.changePassword(current, password, confirm);
      notify.success('Password Updated Successfully!!');
      void navigate('/workspace');
    } catch (error) {
      notify.error(errorMessage(error, 'Error while updating password'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ss-page">
      <h1>Reset Password</h1>
      <form className="ss-form" onSubmit={(e) => void submit(e)} noValidate>
        <PasswordInput
          label="Current Password"
          name="current_password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
        />
        <NewPasswordInputs
          password={password}
          confirm={confirm}
          problem={problem}
          onPassword={setPassword}
          onConfirm={setConfirm}
        />
        <button type="submit" className="ss-btn ss-btn--primary" disabled={busy}>
          Update Password
        </button>
      </form>
    </section>
  );
}
