import type { Rng } from './prng.js';

/** Review wording: fictional, assembled from the rating and the aspects the shopper mentions. */
const TITLES: Record<number, readonly string[]> = {
  5: ['Loved it', 'Excellent product', 'Best in the market', 'Highly recommended'],
  4: ['Good value', 'Pretty good', 'Worth buying', 'Nice product'],
  3: ['Okay okay', 'Average', 'Could be better', 'Decent'],
  2: ['Not as expected', 'Disappointed', 'Below average'],
  1: ['Very disappointed', 'Waste of money', 'Do not buy'],
};
const POSITIVE = ['is excellent', 'is really good', 'exceeded expectations', 'is just right'];
const NEUTRAL = ['is okay', 'is average', 'is as described'];
const NEGATIVE = ['is poor', 'needs improvement', 'was a letdown', 'is not worth it'];
const FIRST_NAMES = [
  'Aarav',
  'Priya',
  'Rohan',
  'Ananya',
  'Vikram',
  'Sneha',
  'Arjun',
  'Kavya',
  'Rahul',
  'Meera',
  'Karthik',
  'Pooja',
  'Imran',
  'Fatima',
  'Harpreet',
  'Debjani',
];

export function reviewTitle(rating: number, rng: Rng): string {
  return rng.pick(TITLES[rating] ?? TITLES[3]!);
}

/** Sentiment of one aspect mention (1 positive, 0 neutral, -1 negative), leaning on the stars. */
/** +1 / 0 / -1 for an aspect a review mentions: follows the stars, leaning by `tilt` (aspectTilt). */
export function aspectSentiment(rating: number, rng: Rng, tilt = 0): number {
  const r = rng.next() - tilt;
  if (rating >= 4) return r < 0.82 ? 1 : r < 0.92 ? 0 : -1;
  if (rating === 3) return r < 0.35 ? 1 : r < 0.7 ? 0 : -1;
  return r < 0.1 ? 1 : r < 0.25 ? 0 : -1;
}

export function reviewBody(noun: string, aspects: readonly [string, number][], rng: Rng): string {
  const parts = aspects.map(
    ([aspect, s]) => `${aspect} ${rng.pick(s > 0 ? POSITIVE : s < 0 ? NEGATIVE : NEUTRAL)}`,
  );
  return `Bought the ${noun.toLowerCase()}. ${parts.join('. ')}.`;
}

export function reviewerName(rng: Rng): string {
  return `${rng.pick(FIRST_NAMES)} ${String.fromCharCode(65 + rng.int(0, 25))}.`;
}
