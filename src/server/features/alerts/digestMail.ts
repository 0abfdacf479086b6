import type { AlertRow } from './alertRepo.js';

const escape = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The digest's subject and bodies: one line per alert, newest day first, and a link to the alerts screen. */
export function digestMail(alerts: readonly AlertRow[], publicUrl: string) {
  const sorted = [...alerts].sort((a, b) => b.observed_on.localeCompare(a.observed_on) || a.id - b.id);
  const link = `${publicUrl.replace(/\/$/, '')}/workspace/alerts/alerts`;
  const subject = `Shelfscope alerts: ${alerts.length} new`;
  const text = [
    `${alerts.length} new alert${alerts.length === 1 ? '' : 's'}:`,
    '',
    ...sorted.map((a) => `- ${a.title}: ${a.message}`),
    '',
    `See them all: ${link}`,
  ].join('\n');
  const html =
    `<p>${alerts.length} new alert${alerts.length === 1 ? '' : 's'}:</p><ul>` +
    sorted.map((a) => `<li><strong>${escape(a.title)}</strong>: ${escape(a.message)}</li>`).join('') +
    `</ul><p><a href="${escape(link)}">See them all</a></p>`;
  return { subject, text, html };
}
