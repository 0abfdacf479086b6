/**
 * Schedule a mailer to SFTP in Chromium, dry run it (nothing uploaded), run
 * it, see the file on a real SFTP server (ssh2, started by this spec) and the run log turn to
 * 'Report Delivered' on processmonitor/report_delivery and report_status.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support/signIn.js';
import { startTestSftpServer, type TestSftpServer } from '../api/support/testSftpServer.js';

let sftp: TestSftpServer;

test.beforeAll(async () => {
  sftp = await startTestSftpServer();
});

test.afterAll(async () => {
  await sftp?.close();
});

test('a mailer to SFTP: dry run uploads nothing, run now delivers one file, the log says Report Delivered', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signIn(page);
  await page.goto('/workspace/report/reportmailer');
  const name = `SFTP stock ${Date.now() % 100000}`;

  await page.getByRole('button', { name: 'Add Mailer' }).click();
  const form = page.getByRole('dialog');
  await form.locator('#root_name').fill(name);
  await form.locator('#root_distribution').selectOption({ label: 'SFTP' });
  await form.locator('#root_target_host').fill('127.0.0.1');
  await form.locator('#root_target_port').fill(String(sftp.port));
  await form.locator('#root_target_username').fill(sftp.username);
  await form.locator('#root_target_path').fill('/outbox');
  await form.locator('#root_secret').fill(sftp.password);
  // The timing builder opens on its default, Weekly on Monday at 09:00 (cron 0 9 * * 1).
  await expect(form.locator('#root_cron')).toHaveValue('weekly');
  // The time zone is picked from the searchable IANA list.
  await form.locator('#root_timeZone').fill('Asia/Kolkata');
  await page.getByRole('option', { name: 'Asia/Kolkata', exact: true }).click();
  await page.screenshot({ path: 'test-results/reportmailer-form.png', fullPage: true });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);

  await page.reload();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('sftp://reports@127.0.0.1');
  await expect(row).toContainText(/every Monday 09:00 Asia\/Kolkata, next: \d\d-\w{3}-\d{4} 09:00/);
  await expect(row).not.toContainText(sftp.password);

  await row.getByRole('button', { name: 'Dry Run' }).click();
  await expect(
    page.getByText(
      /^Dry run: .* would go to sftp:\/\/reports@127\.0\.0\.1:\d+\/outbox\/.*Nothing was sent\.$/,
    ),
  ).toBeVisible({
    timeout: 60_000,
  });
  expect(sftp.files()).toEqual([]);
  await page.screenshot({ path: 'test-results/reportmailer-dryrun.png', fullPage: true });

  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Run Now' }).click();
  await expect(page.getByText(/is being delivered \(run \d+\)/)).toBeVisible({ timeout: 30_000 });
  // Uploaded as <name>.part, then renamed: wait for the finished file.
  await expect
    .poll(() => sftp.files().filter((f) => !f.endsWith('.part')), { timeout: 120_000 })
    .toHaveLength(1);
  expect(sftp.files()).toHaveLength(1);
  expect(sftp.files()[0]).toMatch(/^outbox\/SFTP-stock-\d+-\d{4}-\d\d-\d\d-r\d+\.xlsx$/);

  await expect
    .poll(
      async () => {
        await page.goto('/workspace/processmonitor/report_delivery');
        const delivered = page.getByRole('row').filter({ hasText: name }).first();
        await delivered.waitFor({ timeout: 30_000 });
        return delivered.innerText();
      },
      { timeout: 90_000 },
    )
    .toContain('Report Delivered');
  await expect(page.getByRole('row').filter({ hasText: name }).first()).toContainText(
    `sftp://reports@127.0.0.1:${sftp.port}/outbox/`,
  );
  await page.screenshot({ path: 'test-results/report-delivery.png', fullPage: true });

  await page.goto('/workspace/processmonitor/report_status');
  const runs = page.getByRole('row').filter({ hasText: name });
  await expect(runs.filter({ hasText: 'Report Delivered' })).toHaveCount(1);
  await expect(runs.filter({ hasText: 'Report Manager Success' })).toHaveCount(1);
  await page.screenshot({ path: 'test-results/report-status.png', fullPage: true });
});
