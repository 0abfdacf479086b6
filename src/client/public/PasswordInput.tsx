/** One labelled password field of the public and account forms. */
export function PasswordInput(props: {
  label: string;
  name: string;
  autoComplete: 'new-password' | 'current-password';
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="pub-field">
      <span>{props.label}</span>
      <input
        type="password"
        name={props.name}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}

/** New password and its confirmation, with the rule's message under them (reset, activation, change). */
export function NewPasswordInputs(props: {
  password: string;
  confirm: string;
  problem: string | null;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}) {
  return (
    <>
      <PasswordInput
        label="New Password"
        name="password"
        autoComplete="new-password"
        value={props.password}
        onChange={props.onPassword}
      />
      <PasswordInput
        label="Confirm Password"
        name="confirm_password"
        autoComplete="new-password"
        value={props.confirm}
        onChange={props.onConfirm}
      />
      {props.problem && <small className="pub-field__error">{props.problem}</small>}
    </>
  );
}
