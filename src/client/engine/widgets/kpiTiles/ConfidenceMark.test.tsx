// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineHarness, widgetOf } from '../../fixtures/EngineHarness.js';
import { stockKpiScreen } from '../../fixtures/stockScreens.js';
import { KpiTiles } from './KpiTiles.js';

afterEach(cleanup);

const words =
  'Coverage 96%: 1,152 of 1,200 pages loaded for these days and filters; 48 blocked, excluded (never counted as out of stock). Last load 22-Nov-2026 06:10. Data to 22-Nov-2026.';

describe('the confidence mark of KPI tiles', () => {
  it('marks every tile of a crawled screen with its coverage, the words on hover', async () => {
    const crawled = { ...stockKpiScreen, coverage: 'crawl' as const };
    const tiles = widgetOf(crawled, 'kpiTiles');
    render(
      <EngineHarness screen={crawled}>
        <KpiTiles config={tiles} />
      </EngineHarness>,
    );
    const marks = await screen.findAllByTestId('confidence-mark');
    expect(marks).toHaveLength(tiles.tiles.length);
    expect(marks[0]!.textContent).toBe('96%');
    expect(marks[0]!.getAttribute('title')).toBe(words);
    expect(marks[0]!.className).toContain('ss-kpi__confidence--partial');
    // A screen reader hears the words in the tile's own label.
    expect(marks[0]!.closest('.ss-kpi')!.getAttribute('aria-label')).toContain(words);
  });

  it('shows none where the dataset is not crawled', async () => {
    render(
      <EngineHarness screen={stockKpiScreen}>
        <KpiTiles config={widgetOf(stockKpiScreen, 'kpiTiles')} />
      </EngineHarness>,
    );
    await screen.findAllByText(/%/);
    expect(screen.queryAllByTestId('confidence-mark')).toHaveLength(0);
  });
});
