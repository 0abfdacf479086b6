import { describe, expect, it } from 'vitest';
import { filterRulesOf } from './declaredRules.js';

describe('declared filter rules', () => {
  it('no filters declare nothing', () => {
    expect(filterRulesOf()).toEqual({ links: [], clears: {}, suggestionDefaults: {} });
  });
});
