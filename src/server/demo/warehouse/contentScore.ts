import type { ContentState } from './model.js';

/** Default weights of METRICS.md; attributes without a weight are reported but not scored. */
export const CONTENT_WEIGHTS = {
  images: 40,
  title: 20,
  bulletPoints: 20,
  aplusContent: 15,
  description: 5,
} as const;

/** The demo's house rules: what a compliant listing has (docs/metrics.md, Content Score). */
export const CONTENT_RULES = {
  minImages: 5,
  minBullets: 5,
  minDescription: 250,
  titleLength: [60, 180],
} as const;

export interface ContentCompliance {
  images: 0 | 1;
  videos: 0 | 1;
  bulletPoints: 0 | 1;
  description: 0 | 1;
  aplusContent: 0 | 1;
  title: 0 | 1;
  specification: 0 | 1;
  keywords: 0 | 1;
  faqs: 0 | 1;
  rating: 0 | 1;
}

const flag = (ok: boolean): 0 | 1 => (ok ? 1 : 0);

/** The checks a content audit applies to one listing (thresholds are the demo's house rules). */
export function contentCompliance(c: ContentState, avgRating: number): ContentCompliance {
  const r = CONTENT_RULES;
  return {
    images: flag(c.imageCount >= r.minImages),
    videos: flag(c.videoCount >= 1),
    bulletPoints: flag(c.bulletCount >= r.minBullets),
    description: flag(c.descriptionLength >= r.minDescription),
    aplusContent: c.aplus,
    title: flag(c.titleLength >= r.titleLength[0] && c.titleLength <= r.titleLength[1]),
    specification: c.specification,
    keywords: c.keywords,
    faqs: c.faqs,
    rating: flag(avgRating >= 4),
  };
}

/** How much of a rule a count meets, 0 to 1 (3 of the 5 images asked for: 0.6). */
const share = (have: number, need: number): number => Math.min(1, Math.max(0, have) / need);

/** A title's share: full inside the rule's range, less the shorter (or the longer) it is. */
function titleShare(length: number): number {
  const [min, max] = CONTENT_RULES.titleLength;
  return length < min ? share(length, min) : length > max ? max / length : 1;
}

/**
 * The listing's content score, 0-100: each weighted attribute earns its weight in the share of
 * its rule the listing meets (4 images of 5: 32 of 40 points; an A+ page: all or none). A
 * listing with every weighted attribute compliant scores 100; one with images and a title never
 * scores 0, and each image or bullet added or lost moves the score.
 */
export function contentScore(c: ContentState): number {
  const w = CONTENT_WEIGHTS;
  const r = CONTENT_RULES;
  const points =
    share(c.imageCount, r.minImages) * w.images +
    titleShare(c.titleLength) * w.title +
    share(c.bulletCount, r.minBullets) * w.bulletPoints +
    c.aplus * w.aplusContent +
    share(c.descriptionLength, r.minDescription) * w.description;
  return Math.round(points * 10) / 10;
}

/** Bands of METRICS.md: >= 80 High, 40-80 Medium, < 40 Low. */
export function contentBand(score: number): 'High' | 'Medium' | 'Low' {
  return score >= 80 ? 'High' : score >= 40 ? 'Medium' : 'Low';
}
