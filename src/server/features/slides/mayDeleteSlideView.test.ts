import { describe, expect, it } from 'vitest';
import type { SlideViewConfig } from '../../../shared/config.gen.js';
import { ADMIN_ACTIVITIES } from '../../../shared/admin/adminActivities.js';
import { mayDeleteSlideView } from './mayDeleteSlideView.js';

const DECK = 'customscreen/slide';
const record = {
  screen: DECK,
  createdBy: 1,
  view: {
    slides: [{ widgets: [{ screen: 'stock/kpi' }, { screen: 'advertising/kpi' }] }],
  } as unknown as SlideViewConfig,
};
const user = (userId: number, activities: string[]) => ({
  userId,
  activities: new Set(activities),
  readMode: null,
});

describe('mayDeleteSlideView', () => {
  it('lets the creator, the group admin and a user who sees every screen of the deck delete it', () => {
    expect(mayDeleteSlideView(user(1, []), record)).toBe(true);
    expect(mayDeleteSlideView(user(2, [ADMIN_ACTIVITIES.roles.url]), record)).toBe(true);
    expect(mayDeleteSlideView(user(3, [DECK, 'stock/kpi', 'advertising/kpi']), record)).toBe(true);
  });

  it('refuses a member missing the deck screen or one screen it shows, and any viewer', () => {
    expect(mayDeleteSlideView(user(3, [DECK, 'stock/kpi']), record)).toBe(false);
    expect(mayDeleteSlideView(user(3, ['stock/kpi', 'advertising/kpi']), record)).toBe(false);
    const viewer = {
      userId: 1,
      activities: new Set<string>(),
      readMode: { viewId: 1, menuId: 1, screen: DECK },
    };
    expect(mayDeleteSlideView(viewer, record)).toBe(false);
  });
});
