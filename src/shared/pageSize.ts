import type { ScreenConfig } from './config.gen.js';

/** Rows per page when no config says otherwise (the product spec: page sizes are usually 10). */
export const DEFAULT_PAGE_SIZE = 10;

/**
 * The one page-size rule, used by the server (a request without `limit`) and the client (the
 * limit it starts with): the page size of the grid showing the query, else the query's `limit`,
 * else the screen's `pageSize`, else DEFAULT_PAGE_SIZE. Without a query id, the screen's first grid.
 */
export function pageSizeOf(
  screen: Pick<ScreenConfig, 'pageSize' | 'widgets' | 'queries'>,
  queryId?: string,
): number {
  const grids = screen.widgets.filter((w) => w.kind === 'grid');
  const grid = queryId === undefined ? grids[0] : grids.find((g) => g.query === queryId);
  const id = queryId ?? grid?.query;
  const query = screen.queries?.find((q) => q.id === id);
  return grid?.pageSize ?? query?.limit ?? screen.pageSize ?? DEFAULT_PAGE_SIZE;
}
