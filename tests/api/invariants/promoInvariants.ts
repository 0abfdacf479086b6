import { expect, it } from 'vitest';
import { lastDays, num, type Market } from './market.js';

/** Promotions: plans split into running + planning + completed; compliance's planned is its four statuses. */
export function promoInvariants(market: () => Market): void {
  it('promo plan: plans = running + planning + completed, each with a tile and a filter option', async () => {
    const m = market();
    const all = { start_date: '-1', end_date: '-1' };
    const { rows } = await m.rows('promotion/planning/stats', all);
    const r = rows[0];
    expect(num(r, 'completed_plans')).toBeGreaterThan(0);
    expect(num(r, 'plans')).toBe(
      num(r, 'running_plans') + num(r, 'planning_plans') + num(r, 'completed_plans'),
    );
    const screen = m.snapshot.screens.get('promo/plan')!;
    const tiles = screen.widgets.flatMap((w) => (w.kind === 'kpiTiles' ? w.tiles.map((t) => t.measure) : []));
    expect(tiles).toEqual(
      expect.arrayContaining(['plans', 'running_plans', 'planning_plans', 'completed_plans']),
    );
    for (const state of ['running', 'planning', 'completed']) {
      const filtered = await m.rows('promotion/planning/stats', { ...all, promo_state: state });
      expect(num(filtered.rows[0], 'plans'), state).toBe(num(r, `${state}_plans`));
    }
  });

  it('promo compliance: planned = matched + not matched + running + missing; compliance = matched / planned', async () => {
    const m = market();
    const { rows } = await m.rows('promo/status', lastDays(m, 30));
    const r = rows[0];
    const planned = num(r, 'planned');
    expect(num(r, 'missing')).toBeGreaterThan(0);
    expect(planned).toBe(num(r, 'matched') + num(r, 'not_matched') + num(r, 'running') + num(r, 'missing'));
    expect(num(r, 'compliance_pct')).toBeCloseTo((num(r, 'matched') / planned) * 100, 6);
  });
}
