/** The licence shown on /agreement; bump the version to ask every user to accept again. */
export const AGREEMENT_VERSION = '2026-1';

export const AGREEMENT_HTML = `<h2>Shelfscope Licence Agreement</h2>
<p>This agreement governs your use of the Shelfscope market-intelligence workspace ("the Service") on behalf of your organisation.</p>
<h3>1. Use of the Service</h3>
<p>You may use the Service and its data only for your organisation's internal business purposes. You may not resell, publish or share access credentials.</p>
<h3>2. Data</h3>
<p>Marketplace observations are collected from public sources and provided as is. Figures may be revised when crawls are corrected.</p>
<h3>3. Confidentiality</h3>
<p>Reports, dashboards and share links are confidential to your organisation. Revoke share links you no longer need.</p>
<h3>4. Security</h3>
<p>Keep your password secret, use a trusted device for "Trust This Browser", and tell your administrator at once about any suspected misuse.</p>
<h3>5. Changes</h3>
<p>We may update these terms; you will be asked to accept a new version before continuing to use the Service.</p>`;
