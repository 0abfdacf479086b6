interface Props {
  busy: boolean;
  onChoose: (trust: boolean) => void;
}

/** After the OTP: skip verification on this browser for 30 days? */
export function TrustStep({ busy, onChoose }: Props) {
  return (
    <div className="pub-form">
      <h2>Trust This Browser?</h2>
      <p className="pub-form__hint">
        You won't need to enter a verification code on this browser for 30 days.
      </p>
      <div className="pub-form__row">
        <button
          type="button"
          className="ss-btn ss-btn--ghost"
          disabled={busy}
          onClick={() => onChoose(false)}
        >
          Not Now
        </button>
        <button
          type="button"
          className="ss-btn ss-btn--primary"
          disabled={busy}
          onClick={() => onChoose(true)}
        >
          Trust
        </button>
      </div>
    </div>
  );
}
