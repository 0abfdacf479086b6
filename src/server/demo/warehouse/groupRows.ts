import { generateAds } from './ads/generateAds.js';
import { buildGroupModel } from './buildGroupModel.js';
import { addDays, dateRange } from './calendar.js';
import { generateGroupFacts } from './groupFacts.js';
import { DEMO_CHANNELS, DEMO_CITIES } from './places.js';
import { createRng, mixSeed } from './prng.js';
import type { RowSink } from './rowSink.js';
import { THEMES } from './themes.js';
import { writeGroupDims } from './writeDims.js';

/** A tenant to generate, every default resolved (plain data: it crosses to the worker). */
export interface PlannedGroup {
  groupId: number;
  name: string;
  /** Index into THEMES. */
  theme: number;
  skus: number;
  days: number;
}

/** What every tenant of one build shares (plain data: it crosses to the worker). */
export interface BuildSetup {
  seed: number;
  /** How many of DEMO_CHANNELS and DEMO_CITIES. */
  channels: number;
  cities: number;
  endDate: string;
}

export const setupChannels = (setup: BuildSetup) => DEMO_CHANNELS.slice(0, Math.max(1, setup.channels));
export const setupCities = (setup: BuildSetup) => DEMO_CITIES.slice(0, Math.max(1, setup.cities));

/**
 * Every row of one tenant (dimensions, the day-by-day walk, ads, crawl log) into `sink`, from
 * its own seeded stream: a group's rows depend on the seed and the group only, so they are the
 * same on the main thread and in the worker. Returns the tenant's listing count.
 */
export async function generateGroupRows(
  sink: RowSink,
  group: PlannedGroup,
  setup: BuildSetup,
  phase: (step: string) => void,
): Promise<number> {
  const { groupId, days } = group;
  const { endDate } = setup;
  const rng = createRng(mixSeed(setup.seed, groupId));
  const theme = THEMES[group.theme % THEMES.length]!;
  const dates = dateRange(endDate, days);
  const model = buildGroupModel(
    { groupId, name: group.name },
    theme,
    group.skus,
    setupChannels(setup),
    setupCities(setup),
    dates,
    rng.fork(1),
  );
  writeGroupDims(sink, model, endDate);
  await generateGroupFacts(sink, model, dates, rng.fork(2));
  phase('shelf facts');
  await generateAds(sink, model, endDate, days, rng.fork(3));
  phase('ads');
  for (const [crawlType, date] of [
    ['product', endDate],
    ['category', endDate],
    ['keyword', endDate],
    ['best_seller', addDays(endDate, -1)],
  ] as const) {
    sink.push('crawl_log', [groupId, crawlType, date]);
  }
  return model.listings.length;
}
