import { readFileSync } from 'node:fs';

const SPEC = new URL('../../../docs/product-spec.md', import.meta.url);

/**
 * The plain API paths section 7 of docs/product-spec.md names (no wildcard, no placeholder, no
 * prose): the calls a client written against the spec makes. Read from the spec each run so the
 * list cannot drift from it.
 */
export function specSectionPaths(): string[] {
  const text = readFileSync(SPEC, 'utf8');
  const section = text.slice(text.indexOf('## 7.'), text.indexOf('## 8.'));
  const paths = new Set<string>();
  for (const line of section.split('\n')) {
    // Suggestions describe query parameters; the admin service's list is prose, not paths.
    if (!line.startsWith('- ') || line.startsWith('- Suggestions:')) continue;
    const body = line
      .slice(2)
      .split('Admin service:')[0]!
      .replace(/\{[^}]*\}/g, '')
      .replace(/\([^)]*\)/g, '');
    for (const piece of body.split(/[,;]|\. /)) {
      const item = piece
        .trim()
        .replace(/\.$/, '')
        .replace(/^[A-Z][\w ]*:\s*/, '')
        .replace(/^(GET and PUT|GET|POST|PUT)\s+/, '');
      if (/^[A-Za-z_]\w*(\/\w+)*$/.test(item)) paths.add(item);
    }
  }
  return [...paths];
}
