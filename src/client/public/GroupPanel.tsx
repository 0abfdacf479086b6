import { MSG } from '../../shared/auth/accessRules.js';
import type { OrgItem } from '../api/authApi.js';

interface Props {
  groups: OrgItem[];
  busy: boolean;
  onSelect: (id: number) => void;
  onBack: () => void;
}

/** Full-screen group choice; expired groups are disabled with the spec's tooltip. */
export function GroupPanel({ groups, busy, onSelect, onBack }: Props) {
  return (
    <div className="pub-groups" role="dialog" aria-modal="true" aria-labelledby="pub-groups-title">
      <div className="pub-groups__inner">
        <h2 id="pub-groups-title">Select Group</h2>
        <p className="pub-form__hint">Choose the organisation you want to work in.</p>
        <ul className="pub-groups__list">
          {groups.map((g) => {
            const expired = g.status !== 1;
            return (
              <li key={g.id}>
                <button
                  type="button"
                  className="pub-group"
                  disabled={expired || busy}
                  title={expired ? MSG.groupExpired : g.group_name}
                  onClick={() => onSelect(g.id)}
                >
                  <span className="pub-group__avatar" aria-hidden="true">
                    {g.group_name.slice(0, 1).toUpperCase()}
                  </span>
                  <span className="pub-group__name">{g.group_name}</span>
                  {expired && <span className="pub-group__badge">Expired</span>}
                </button>
              </li>
            );
          })}
        </ul>
        <button type="button" className="pub-link" onClick={onBack}>
          Back to login
        </button>
      </div>
    </div>
  );
}
