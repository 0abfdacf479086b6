import { useState, type FormEvent } from 'react';

interface Props {
  busy: boolean;
  onVerify: (otp: string) => Promise<void>;
  onResend: () => Promise<void>;
  onBack: () => void;
}

/** The 6-digit code e-mailed at login; resend issues a fresh one. */
export function OtpStep({ busy, onVerify, onResend, onBack }: Props) {
  const [otp, setOtp] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void onVerify(otp.trim());
  };
  return (
    <form className="pub-form" onSubmit={submit} noValidate>
      <h2>Verify it's you</h2>
      <p className="pub-form__hint">We sent a 6-digit code to your e-mail. It expires in 10 minutes.</p>
      <label className="pub-field">
        <span>OTP</span>
        <input
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={otp}
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
          className="pub-otp"
        />
      </label>
      <button type="submit" className="ss-btn ss-btn--primary ss-btn--block" disabled={busy}>
        Verify
      </button>
      <div className="pub-form__row">
        <button type="button" className="pub-link" onClick={() => void onResend()} disabled={busy}>
          Resend OTP
        </button>
        <button type="button" className="pub-link" onClick={onBack}>
          Back to login
        </button>
      </div>
    </form>
  );
}
