import type { Rng } from './prng.js';

/**
 * Star shares of one review around a listing's average rating, J-shaped as online reviews are:
 * most 5s, then 4s, a real tail of 1s above the 2s (unhappy buyers write more readily than
 * lukewarm ones), few 3s. The unhappy and neutral shares grow as the average falls; the 5-star
 * share is then solved so that the mean is the listing's average, keeping ratings stable.
 * At 4.2 stars: 5 60%, 4 20%, 3 8%, 2 4%, 1 8%.
 */
export function starShares(average: number): [number, number, number, number, number] {
  const gap = 4.2 - average;
  const unhappy = Math.min(0.6, Math.max(0.03, 0.12 + gap * 0.2));
  const neutral = Math.min(0.2, Math.max(0.04, 0.08 + gap * 0.06));
  const happy = 1 - unhappy - neutral;
  const p1 = unhappy * 0.7;
  const p2 = unhappy * 0.3;
  const five = Math.min(0.95, Math.max(0.15, (average - p1 - 2 * p2 - 3 * neutral - 4 * happy) / happy));
  return [p1, p2, neutral, happy * (1 - five), happy * five];
}

/** One review's stars (1-5) for a listing of this average rating. */
export function drawStars(average: number, rng: Rng): number {
  const shares = starShares(average);
  let r = rng.next();
  for (let star = 1; star <= 5; star++) {
    r -= shares[star - 1]!;
    if (r < 0) return star;
  }
  return 5;
}

/**
 * What buyers say about an aspect leans its own way (delivery and price draw complaints, taste
 * and fragrance praise), so aspect scores spread; -0.3 .. +0.3, the same for an aspect everywhere.
 */
export function aspectTilt(aspect: string): number {
  let h = 0;
  for (const ch of aspect) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const lean: Record<string, number> = {
    Delivery: -0.3,
    Price: -0.2,
    Packaging: -0.1,
    Taste: 0.2,
    Fragrance: 0.2,
  };
  return lean[aspect] ?? ((h % 7) - 3) * 0.08;
}
