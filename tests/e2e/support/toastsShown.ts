import type { Page } from '@playwright/test';

type Watched = Window & { toastsShown?: string[] };

/**
 * Starts recording every toast message the page shows. A toast lives 3 s (docs/product-spec.md
 * §9); on a page that re-renders a large form right after, its main thread can stay busy past
 * that, so a visibility poll may never run while the toast is up. A DOM observer runs as the
 * toast is added, so it cannot miss one. Read what it saw with `toastsShown`.
 */
export async function watchToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = ((window as Watched).toastsShown = []);
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.ss-toast__message')) {
        const text = el.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** The toast messages shown since `watchToasts`. */
export function toastsShown(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as Watched).toastsShown ?? []);
}
