import type { ContentState } from './model.js';

/** Default weights of METRICS.md; attributes without a weight are reported but not scored. */
export const CONTENT_WEIGHTS = {
  images: 40,
  title: 20,
  bulletPoints: 20,
  aplusContent: 15,
  description: 5,
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
  return {
    images: flag(c.imageCount >= 5),
    videos: flag(c.videoCount >= 1),
    bulletPoints: flag(c.bulletCount >= 5),
    description: flag(c.descriptionLength >= 250),
    aplusContent: c.aplus,
    title: flag(c.titleLength >= 60 && c.titleLength <= 180),
    specification: c.specification,
    keywords: c.keywords,
    faqs: c.faqs,
    rating: flag(avgRating >= 4),
  };
}

export function contentScore(c: ContentCompliance): number {
  const w = CONTENT_WEIGHTS;
  return (
    c.images * w.images +
    c.title * w.title +
    c.bulletPoints * w.bulletPoints +
    c.aplusContent * w.aplusContent +
    c.description * w.description
  );
}

/** Bands of METRICS.md: >= 80 High, 40-80 Medium, < 40 Low. */
export function contentBand(score: number): 'High' | 'Medium' | 'Low' {
  return score >= 80 ? 'High' : score >= 40 ? 'Medium' : 'Low';
}
