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
