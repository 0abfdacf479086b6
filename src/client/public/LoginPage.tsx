import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { MSG, OTP_PATTERN } from '../../shared/auth/accessRules.js';
import { authApi, type OrgItem } from '../api/authApi.js';
import { errorMessage } from '../api/http.js';
import { notify } from '../services/toast.js';
import { applyGroupSelection, clearSession } from '../services/sessionStore.js';
import { PublicLayout } from './PublicLayout.js';
import { CredentialsStep } from './CredentialsStep.js';
import { OtpStep } from './OtpStep.js';
import { TrustStep } from './TrustStep.js';
import { GroupPanel } from './GroupPanel.js';
import { ForgotStep } from './ForgotStep.js';
import { ResetStep } from './ResetStep.js';
import { MicrosoftButton } from './MicrosoftButton.js';
import { MICROSOFT_MSG } from '../../shared/auth/microsoftSignIn.js';

type Step = 'credentials' | 'otp' | 'trust' | 'groups' | 'noGroup' | 'forgot' | 'microsoft';

/** Where Microsoft sends the browser back (the server's OIDC_REDIRECT_URL default). */
const MICROSOFT_RETURN = '/public/microsoft';

/**
 * /public/login: credentials -> OTP (unless the browser is trusted) -> 'Trust This Browser?' ->
 * group (automatic with one) -> /workspace. With ?token= it shows the password reset form. At
 * /public/microsoft it finishes Sign in with Microsoft (the provider's answer to azure/token) and
 * goes on to the group choice like a trusted browser's sign-in.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const returning = location.pathname === MICROSOFT_RETURN;
  const [step, setStep] = useState<Step>(returning ? 'microsoft' : 'credentials');
  // The provider's answer is good once: never sent twice, even when an effect runs twice.
  const finishing = useRef(false);
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [groups, setGroups] = useState<OrgItem[]>([]);
  const resetToken = params.get('token');
  // Arriving here (logout, expiry, first visit) ends whatever this tab knew about a session.
  useEffect(clearSession, []);

  const run = async <T,>(work: () => Promise<T>): Promise<T> => {
    setBusy(true);
    try {
      return await work();
    } finally {
      setBusy(false);
    }
  };

  const selectGroup = async (id: number) => {
    try {
      const sel = await run(() => authApi.selectGroup(id));
      const check = await authApi.sessionValidity().catch(() => null);
      applyGroupSelection(sel, check?.userId ?? null);
      void navigate('/workspace', { replace: true });
    } catch (error) {
      notify.error(errorMessage(error, 'Something went wrong'));
      setStep('credentials');
    }
  };

  /** One active group: chosen automatically; several: the panel; none: the no-group message. */
  const showGroups = (list: OrgItem[]) => {
    setGroups(list);
    if (list.length === 0) return setStep('noGroup');
    if (list.length === 1 && list[0]!.status === 1) return void selectGroup(list[0]!.id);
    setStep('groups');
  };

  const login = async (username: string, password: string): Promise<boolean> => {
    try {
      const answer = await run(() => authApi.authenticate(username, password));
      setInvalid(false);
      if (answer.settrustbrowser) showGroups(answer.org_list);
      else setStep('otp');
      return true;
    } catch (error) {
      setInvalid(true);
      notify.error(errorMessage(error));
      return false;
    }
  };

  useEffect(() => {
    if (!returning || finishing.current) return;
    finishing.current = true;
    const search = location.search;
    // The code leaves the address bar and the history at once (the page stays mounted).
    window.history.replaceState(null, '', '/public/login');
    run(() => authApi.microsoftFinish(search))
      .then((answer) => showGroups(answer.org_list))
      .catch((error: unknown) => {
        notify.error(errorMessage(error, MICROSOFT_MSG.failed));
        setStep('credentials');
      });
    // Once, on arrival from the provider.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const verify = async (otp: string) => {
    if (!OTP_PATTERN.test(otp)) return notify.error(MSG.invalidOtp, 'OTP ERROR');
    try {
      const answer = await run(() => authApi.verifyOtp(otp));
      setGroups(answer.org_list);
      setStep('trust');
    } catch (error) {
      notify.error(errorMessage(error, 'Something went wrong'), 'OTP ERROR');
    }
  };

  const resend = async () => {
    try {
      await run(() => authApi.resendOtp());
      notify.success('OTP sent to your registered e-mail', 'OTP');
    } catch {
      notify.error('SENDING FAILED', 'OTP');
    }
  };

  const trust = async (yes: boolean) => {
    if (yes)
      await run(() => authApi.trustBrowser()).catch((error: unknown) => notify.error(errorMessage(error)));
    showGroups(groups);
  };

  const forgot = async (email: string) => {
    try {
      notify.success(await run(() => authApi.forgotPassword(email)));
      setStep('credentials');
    } catch (error) {
      notify.error(errorMessage(error, 'Enter Proper Email'));
    }
  };

  const back = () => setStep('credentials');

  if (resetToken) {
    return (
      <PublicLayout>
        <ResetStep
          token={resetToken}
          onDone={() => {
            setParams({}, { replace: true });
            setStep('credentials');
          }}
        />
      </PublicLayout>
    );
  }

  return (
    <PublicLayout>
      {step === 'credentials' && (
        <>
          <CredentialsStep
            busy={busy}
            invalid={invalid}
            onSubmit={login}
            onForgot={() => setStep('forgot')}
          />
          <MicrosoftButton busy={busy} />
        </>
      )}
      {step === 'microsoft' && (
        <div className="pub-form">
          <h2>Log in</h2>
          <p className="pub-form__message">Signing you in with Microsoft…</p>
        </div>
      )}
      {step === 'otp' && <OtpStep busy={busy} onVerify={verify} onResend={resend} onBack={back} />}
      {step === 'trust' && <TrustStep busy={busy} onChoose={(yes) => void trust(yes)} />}
      {step === 'forgot' && <ForgotStep busy={busy} onSend={forgot} onBack={back} />}
      {step === 'noGroup' && (
        <div className="pub-form">
          <h2>No group</h2>
          <p className="pub-form__message">
            {MSG.noGroup}{' '}
            <a href="/public/login" onClick={(e) => (e.preventDefault(), back())}>
              Login
            </a>
          </p>
        </div>
      )}
      {step === 'groups' && (
        <GroupPanel groups={groups} busy={busy} onSelect={(id) => void selectGroup(id)} onBack={back} />
      )}
    </PublicLayout>
  );
}
