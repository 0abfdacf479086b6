import type { CaseRuleConfig } from '../../../shared/config.gen.js';
import type { NumberStyle } from '../../../shared/format/index.js';
import type { CaseRow } from './caseRepo.js';
import { rupees } from './caseFigures.js';

const escape = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * An owner's weekly e-mail: their cases not done, largest opportunity first, and a link to the
 * inbox; rupees written as the inbox writes them, in the owner's number style.
 */
export function weeklyCasesMail(
  cases: readonly CaseRow[],
  rules: ReadonlyMap<string, CaseRuleConfig>,
  publicUrl: string,
  style: NumberStyle,
) {
  const link = `${publicUrl.replace(/\/$/, '')}/workspace/inbox/cases`;
  const total = cases.reduce((s, c) => s + (c.opportunity ?? 0), 0);
  const subject = `Shelfscope: ${cases.length} case${cases.length === 1 ? '' : 's'} of yours, ${rupees(total, style)} at stake`;
  const line = (c: CaseRow) =>
    `${rupees(c.opportunity, style)} · ${rules.get(c.rule_id)?.label ?? c.rule_id} · ${c.title}` +
    (c.status === 'snoozed' ? ` (snoozed until ${c.snoozed_until ?? '?'})` : '');
  const text = [
    `Your open cases, largest first:`,
    '',
    ...cases.map((c) => `- ${line(c)}`),
    '',
    `Open the inbox: ${link}`,
  ].join('\n');
  const html =
    `<p>Your open cases, largest first:</p><ul>` +
    cases.map((c) => `<li>${escape(line(c))}</li>`).join('') +
    `</ul><p><a href="${escape(link)}">Open the inbox</a></p>`;
  return { subject, text, html };
}
