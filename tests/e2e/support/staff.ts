import type { Browser, Page } from '@playwright/test';
import { signIn } from './signIn.js';

export const STAFF_USER = 'staff@shelfscope.test';

/** A page signed in as platform staff, in its own browser context (close it when done). */
export async function staffPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, STAFF_USER);
  return page;
}
