import type { ConfigFileEntry } from '../../shared/configEditor.js';

interface FileListProps {
  files: readonly ConfigFileEntry[];
  selected: string | null;
  onSelect: (path: string) => void;
}

/** The config files grouped as product staff think of them: each area with its screens, then datasets. */
export function FileList({ files, selected, onSelect }: FileListProps) {
  const groups = new Map<string, ConfigFileEntry[]>();
  for (const f of files) {
    const group = f.area ?? 'Datasets';
    groups.set(group, [...(groups.get(group) ?? []), f]);
  }
  return (
    <nav className="ss-editor__files" aria-label="Config files">
      {[...groups].map(([group, entries]) => (
        <section key={group} aria-label={group}>
          <h3>{group}</h3>
          <ul>
            {entries.map((f) => (
              <li key={f.path}>
                <button
                  type="button"
                  aria-current={f.path === selected ? 'true' : undefined}
                  title={f.path}
                  onClick={() => onSelect(f.path)}
                >
                  {f.kind === 'area' ? 'area' : f.id}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
