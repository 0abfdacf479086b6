import type { Page } from '@playwright/test';

/**
 * Fills the Create Account form (client/createaccount, the spec's one form): the end date in its
 * DD-MM-YYYY picker, Amazon from the searchable channel dropdown, a daily crawl, every contact.
 */
export async function fillAccount(
  page: Page,
  name: string,
  domain = 'acme.test',
  taskId = 'T-42',
): Promise<void> {
  const field = (id: string) => page.locator(`#root_${id}`);
  await field('group_name').fill(name);
  await field('end_date').getByRole('textbox').fill('31-12-2030');
  await field('channels').fill('Amazon');
  await page.getByRole('option', { name: 'Amazon', exact: true }).click();
  await page.getByLabel('Default').check();
  const text: Record<string, string> = {
    notify_to_email: `alerts@${domain}`,
    account_requested_by: 'Ria',
    account_manager_name: 'Omar',
    account_manager_email: `omar@${domain}`,
    associate1_name: 'Lena',
    associate1_email: `lena@${domain}`,
    task_id: taskId,
  };
  for (const [id, value] of Object.entries(text)) await field(id).fill(value);
}
