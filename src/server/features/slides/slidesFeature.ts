import type { ServerFeature } from '../../platform/feature.js';
import { paxvizPlugin } from './paxvizPlugin.js';
import * as slideViewsMigration from './slideViewsMigration.js';

/** Slide decks ("paxviz" in the spec) and their data. */
export const slidesFeature: ServerFeature = {
  name: 'slides',
  routes: paxvizPlugin,
  prefix: '/paxviz',
  migrations: Object.freeze({ '190_slide_views': slideViewsMigration }),
};
