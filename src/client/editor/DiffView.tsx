/** A unified diff with its added and removed lines marked; the file headers are left out. */
export function DiffView({ diff }: { diff: string }) {
  const lines = diff.split('\n').filter((l) => !/^(={3,}|-{3} |\+{3} |Index: )/.test(l));
  if (!lines.some((l) => l.startsWith('@@'))) return <p className="ss-editor__hint">No difference.</p>;
  return (
    <pre className="ss-diff" aria-label="Differences">
      {lines.map((line, i) => (
        <span
          key={i}
          className={
            line.startsWith('+')
              ? 'is-add'
              : line.startsWith('-')
                ? 'is-del'
                : line.startsWith('@@')
                  ? 'is-hunk'
                  : undefined
          }
        >
          {`${line}\n`}
        </span>
      ))}
    </pre>
  );
}
