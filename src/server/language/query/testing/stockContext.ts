import { buildConfigSnapshot } from '../../config/buildConfigSnapshot.js';
import { indexDataset } from '../../model/datasetIndex.js';
import { copyStockScreens } from '../../config/testing/screensFixture.js';
import type { QueryContext } from '../dataRequest.js';

/** The stock reference config (screens kpi and data), loaded and validated once per test file. */
export function stockContexts(): { ctx: (screen: 'kpi' | 'data', queryId: string) => QueryContext } {
  const fixture = copyStockScreens();
  const result = buildConfigSnapshot(fixture.dir, 1);
  fixture.remove();
  if (!result.snapshot) throw new Error(JSON.stringify(result.problems));
  const snapshot = result.snapshot;
  const dataset = indexDataset(snapshot.datasets.get('stock')!);
  return {
    ctx(screen, queryId) {
      const s = snapshot.screens.get(`stock/${screen}`)!;
      return { screen: s, query: s.queries!.find((q) => q.id === queryId)!, dataset };
    },
  };
}
