import type { ScreenConfig, ScreenQuery } from '../../../shared/config.gen.js';

/** A screen's query by id (widgets name the query they show). */
export function findQuery(screen: ScreenConfig, id: string): ScreenQuery | undefined {
  return screen.queries?.find((q) => q.id === id);
}
