/** A button opening the file chooser; the chosen file goes to `onFile`, then the input resets. */
export function FilePicker({
  label,
  accept,
  disabled,
  onFile,
}: {
  label: string;
  accept: readonly string[];
  disabled?: boolean;
  onFile: (file: File) => void;
}) {
  return (
    <label className={`ss-btn ss-btn--ghost${disabled ? ' ss-btn--disabled' : ''}`} aria-disabled={disabled}>
      {label}
      <input
        type="file"
        hidden
        disabled={disabled}
        accept={accept.join(',')}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = '';
        }}
      />
    </label>
  );
}
