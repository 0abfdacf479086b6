import type { FilterNode } from '../../config.gen.js';
import { filterRulesOf } from '../declaredRules.js';

/**
 * The product spec's filter rules as a screen declares them in config (the engine knows none of
 * these names): label categories and city zones stand for category and city ids, the
 * self/competitor choice clears brand and category, brand suggestions default attr_type_id to 0.
 */
export const SPEC_FILTERS: FilterNode[] = [
  {
    kind: 'multiSelect',
    field: 'brand_id',
    label: 'Brand',
    source: 'brand',
    suggestionDefaults: { attr_type_id: 0 },
  },
  {
    kind: 'multiSelect',
    field: 'label_category_id',
    label: 'Label category',
    source: 'label_category',
    linked: {
      map: 'label_category_ids',
      param: 'label_category',
      into: ['category_id'],
      alsoMerges: ['mapped_category_id'],
    },
  },
  {
    kind: 'multiSelect',
    field: 'city_zone_id',
    label: 'City zone',
    source: 'city_zone',
    linked: { map: 'city_zone_ids', param: 'city_zone', into: ['city_id', 'city'] },
  },
  {
    kind: 'radio',
    field: 'self_comp',
    label: 'Self / Competition',
    clears: ['brand_id', 'category_id', 'label_category_id'],
    options: [
      { value: 'self', label: 'Self' },
      { value: 'comp', label: 'Competition' },
    ],
  },
];

export const SPEC_RULES = filterRulesOf(SPEC_FILTERS);
