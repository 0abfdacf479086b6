import { describe, expect, it } from 'vitest';
import { checkElasticTrigger, ELASTIC_MESSAGES } from './elasticRules.js';
import crawlScreen from '../../../screens/processmonitor/crawl.screen.json' with { type: 'json' };

describe('checkElasticTrigger', () => {
  it('asks for every field, then for valid numbers', () => {
    expect(checkElasticTrigger({})).toEqual({ ok: false, msg: 'All fields are Mandatory.' });
    expect(checkElasticTrigger({ source: 'brand', limit: ' ', time_interval: 3 })).toEqual({
      ok: false,
      msg: ELASTIC_MESSAGES.mandatory,
    });
    for (const limit of ['abc', '1e3', '-1', '0', '10001', '2.5'])
      expect(checkElasticTrigger({ source: 'brand', limit, time_interval: '3' })).toEqual({
        ok: false,
        msg: 'Limit and Time Interval must be valid numbers.',
      });
    expect(checkElasticTrigger({ source: ' brand ', limit: '500', time_interval: 30 })).toEqual({
      ok: true,
      value: { source: 'brand', limit: 500, timeInterval: 30 },
    });
  });

  it('is what the Crawl tab form says too', () => {
    const form = crawlScreen.widgets.find((w) => w.id === 'elastic') as unknown as {
      errorMessages: Record<string, string>;
    };
    expect(form.errorMessages).toEqual({
      required: ELASTIC_MESSAGES.mandatory,
      pattern: ELASTIC_MESSAGES.numbers,
    });
  });
});

describe('elastic trigger bounds', () => {
  it('the bounds themselves are valid numbers', () => {
    expect(checkElasticTrigger({ source: 'app', limit: 1, time_interval: 366 })).toEqual({
      ok: true,
      value: { source: 'app', limit: 1, timeInterval: 366 },
    });
    expect(checkElasticTrigger({ source: 'app', limit: '10000', time_interval: '1' })).toEqual({
      ok: true,
      value: { source: 'app', limit: 10000, timeInterval: 1 },
    });
  });

  it('a bad time interval alone is refused', () => {
    expect(checkElasticTrigger({ source: 'app', limit: 5, time_interval: 367 })).toEqual({
      ok: false,
      msg: 'Limit and Time Interval must be valid numbers.',
    });
  });
});
