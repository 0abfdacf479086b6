import { expect, it } from 'vitest';
import { lastDays, num, type Market } from './market.js';

/** Reviews: a J-shaped star distribution with real 1-star shares, channels that differ, aspects that spread. */
export function reviewInvariants(market: () => Market): void {
  it('reviews: stars are J-shaped (5 most, 1 above 2) with a real share of 1-star reviews', async () => {
    const m = market();
    const { rows } = await m.rows('reviews/data/stars', lastDays(m, 30));
    const count = new Map(rows.map((r) => [num(r, 'rating'), num(r, 'new_reviews')]));
    const total = [...count.values()].reduce((a, b) => a + b, 0);
    const share = (s: number) => (count.get(s) ?? 0) / total;
    expect(total).toBeGreaterThan(300);
    expect(share(5)).toBeGreaterThan(share(4));
    expect(share(4)).toBeGreaterThan(share(3));
    expect(share(1)).toBeGreaterThan(share(2));
    expect(share(1)).toBeGreaterThanOrEqual(0.06);
    expect(share(1)).toBeLessThanOrEqual(0.3);
  });

  it('reviews: channels differ in stars and their 1-star share', async () => {
    const m = market();
    const period = lastDays(m, 30);
    const channels = (await m.rows('carsx/data/channels', period)).rows;
    expect(channels.length).toBeGreaterThan(2);
    const ratings = channels.map((r) => num(r, 'avg_rating'));
    expect(Math.max(...ratings) - Math.min(...ratings)).toBeGreaterThan(0.15);
    const oneStar: number[] = [];
    for (const c of channels) {
      const stars = (await m.rows('reviews/data/stars', { ...period, channel_id: num(c, 'channel_id') }))
        .rows;
      const total = stars.reduce((a, r) => a + num(r, 'new_reviews'), 0);
      if (total < 50) continue;
      oneStar.push(
        ((stars.find((r) => num(r, 'rating') === 1)?.new_reviews as number | undefined) ?? 0) / total,
      );
    }
    expect(oneStar.length).toBeGreaterThan(1);
    expect(Math.max(...oneStar) - Math.min(...oneStar)).toBeGreaterThan(0.02);
  });

  it('reviews: aspect sentiment scores spread across aspects', async () => {
    const m = market();
    const { rows } = await m.rows('reviews/aspects', lastDays(m, 30));
    const scores = rows.filter((r) => num(r, 'mentions') >= 30).map((r) => num(r, 'sentiment_score'));
    expect(scores.length).toBeGreaterThan(3);
    expect(Math.max(...scores) - Math.min(...scores)).toBeGreaterThan(0.3);
  });
}
