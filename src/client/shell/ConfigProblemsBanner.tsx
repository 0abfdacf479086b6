import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { http } from '../api/http.js';
import type { Envelope } from '../../shared/envelope.js';
import type { ConfigProblemView } from '../../shared/configProblemView.js';
import { session } from '../services/sessionStore.js';

/** Problems listed before the banner says how many more there are (the server log has them all). */
const SHOWN = 8;

async function fetchProblems(): Promise<ConfigProblemView[]> {
  const { data } = await http.get<Envelope<{ problems: ConfigProblemView[] }>>('config/problems');
  return data.data?.problems ?? [];
}

/**
 * For admins: why the last edit of the screen files was refused, where (file, JSON pointer,
 * line:column) and what to fix, while the app keeps serving the last good config. Asked again on
 * every page change and when the window regains focus, so a fix (or a new mistake) shows soon.
 * Non-admins never call the endpoint and never see the banner.
 */
export function ConfigProblemsBanner() {
  const { isStaff } = useSnapshot(session);
  const { pathname } = useLocation();
  const [problems, setProblems] = useState<ConfigProblemView[]>([]);

  useEffect(() => {
    if (!isStaff) return setProblems([]);
    let live = true;
    const load = () =>
      void fetchProblems()
        .then((p) => live && setProblems(p))
        .catch(() => undefined); // the banner is advisory: a failed call must not disturb the page
    load();
    window.addEventListener('focus', load);
    return () => {
      live = false;
      window.removeEventListener('focus', load);
    };
  }, [isStaff, pathname]);

  if (problems.length === 0) return null;
  return (
    <section className="ss-configproblems" role="alert" aria-label="Config edit refused">
      <strong>A screen config edit was refused</strong> — the app keeps serving the last valid config. Fix
      these and save again (<code>npm run screens:check</code> shows the same messages):
      <ul>
        {problems.slice(0, SHOWN).map((p, i) => (
          <li key={i}>
            <code>
              {p.file}#{p.pointer}
            </code>
            {p.line !== undefined && (
              <span className="ss-configproblems__at">
                {' '}
                line {p.line}:{p.column}
              </span>
            )}
            : {p.message}
          </li>
        ))}
      </ul>
      {problems.length > SHOWN && <p>…and {problems.length - SHOWN} more in the server log.</p>}
    </section>
  );
}
