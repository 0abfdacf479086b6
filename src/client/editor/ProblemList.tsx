import { problemLine, type EditorProblem } from '../../shared/configEditor.js';

/** Every validator line, as screens:check prints it plus the line:column the editor marks. */
export function ProblemList({ problems }: { problems: readonly EditorProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="ss-editor__problems" aria-label="Problems">
      {problems.map((p) => (
        <li key={problemLine(p)}>{problemLine(p)}</li>
      ))}
    </ul>
  );
}
