/** A robots.txt rule: a path pattern (`*` any text, `$` the end) and whether it allows. */
interface Rule {
  allow: boolean;
  length: number;
  pattern: RegExp;
}

function toRegExp(path: string): RegExp {
  const anchored = path.endsWith('$');
  const body = (anchored ? path.slice(0, -1) : path)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}

/**
 * The rules of robots.txt that apply to `agent` (its own group, else `*`), as RFC 9309 reads them:
 * the longest matching path wins, Allow on a tie; no rule, allowed.
 */
export function robotsRules(text: string, agent: string): (pathAndQuery: string) => boolean {
  const groups = new Map<string, Rule[]>();
  let current: string[] = [];
  let inRules = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      if (inRules) current = [];
      inRules = false;
      current.push(value.toLowerCase());
      for (const a of current) if (!groups.has(a)) groups.set(a, []);
    } else if (key === 'allow' || key === 'disallow') {
      inRules = true;
      if (value === '') continue; // "Disallow:" with no path allows everything
      for (const a of current)
        groups.get(a)!.push({ allow: key === 'allow', length: value.length, pattern: toRegExp(value) });
    }
  }
  const name = agent.toLowerCase().split('/')[0]!;
  const rules = [...groups].find(([a]) => a !== '*' && name.includes(a))?.[1] ?? groups.get('*') ?? [];
  return (pathAndQuery) => {
    let best: Rule | null = null;
    for (const rule of rules) {
      if (!rule.pattern.test(pathAndQuery)) continue;
      if (!best || rule.length > best.length || (rule.length === best.length && rule.allow)) best = rule;
    }
    return best?.allow ?? true;
  };
}
