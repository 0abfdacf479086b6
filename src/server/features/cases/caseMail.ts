import type { CaseRuleConfig } from '../../../shared/config.gen.js';
import type { CaseRow } from './caseRepo.js';

const escape = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const RUPEES = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** Rupees as the inbox shows them (₹35,94,665), or why there are none. */
export function rupees(value: number | null): string {
  return value === null ? 'not enough history' : RUPEES.format(value);
}

/** An owner's weekly e-mail: their cases not done, largest opportunity first, and a link to the inbox. */
export function weeklyCasesMail(
  cases: readonly CaseRow[],
  rules: ReadonlyMap<string, CaseRuleConfig>,
  publicUrl: string,
) {
  const link = `${publicUrl.replace(/\/$/, '')}/workspace/inbox/cases`;
  const total = cases.reduce((s, c) => s + (c.opportunity ?? 0), 0);
  const subject = `Shelfscope: ${cases.length} case${cases.length === 1 ? '' : 's'} of yours, ${rupees(total)} at stake`;
  const line = (c: CaseRow) =>
    `${rupees(c.opportunity)} · ${rules.get(c.rule_id)?.label ?? c.rule_id} · ${c.title}` +
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
