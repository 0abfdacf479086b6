import { http } from '../../api/http.js';
import { suggestionParams } from '../../../shared/filters/index.js';
import type { Envelope } from '../../../shared/envelope.js';
import type {
  FilterOptionItem,
  ProductPage,
  QueryResult,
  ResolvedScreen,
} from '../../../shared/screenApi.js';
import type { ViewsApi } from './savedViews.js';
import type { Explanation } from '../../../shared/insights/explanation.js';
import type { DrillRows } from '../../../shared/insights/drill.js';
import type { Confidence } from '../../../shared/insights/confidence.js';
import { serverViewsApi } from './serverViewsApi.js';
import { httpShareLinksApi, type ShareLinksApi } from '../share/shareLinksApi.js';

/**
 * Everything the engine asks the server. Widgets go through this interface, never axios, so
 * stories and tests can feed loading / empty / error states without a server.
 */
export interface DataSource {
  screen(area: string, screen: string): Promise<ResolvedScreen>;
  rows(endpoint: string, params: Record<string, unknown>): Promise<QueryResult>;
  suggestions(
    source: string,
    params: Record<string, unknown>,
  ): Promise<{ options: FilterOptionItem[]; total: number }>;
  submit(endpoint: string, method: string, body: unknown): Promise<Envelope>;
  /** Named views of a screen's filters. */
  views: ViewsApi;
  /** Read-only share links of a screen (the header's Share action); absent where links cannot be made. */
  shares?: ShareLinksApi;
  /** A product's pages on its channels (the image preview's links); absent where there are none. */
  productPage?(productId: number): Promise<ProductPage>;
  /** Why a KPI moved (GET insights/explain); absent where the server cannot explain. */
  explain?(params: Record<string, unknown>): Promise<Explanation>;
  /** The rows behind a tile or a chart point (GET insights/drill); absent where they cannot be listed. */
  drill?(params: Record<string, unknown>): Promise<DrillRows>;
  /** A crawled query's coverage, exclusions and freshness (GET insights/confidence). */
  confidence?(params: Record<string, unknown>): Promise<Confidence>;
}

/** A non-success envelope is an error for the widget, with the server's message. */
function unwrap<T>(envelope: Envelope<T>): T {
  if (envelope.statusCode !== 1 || envelope.data === undefined) {
    throw new Error(envelope.msg || 'Something went wrong. Try again.');
  }
  return envelope.data;
}

/**
 * The engine's calls over the one HTTP client. `prefix` mounts them elsewhere: the screen
 * editor's preview sends the same calls to the server's routes for a draft.
 */
export function createHttpDataSource(prefix = ''): DataSource {
  return {
    async screen(area, screen) {
      const res = await http.get<Envelope<ResolvedScreen>>(`${prefix}config/screen`, {
        params: { area, screen },
      });
      return unwrap(res.data);
    },
    async rows(endpoint, params) {
      const res = await http.get<Envelope<QueryResult>>(`${prefix}${endpoint}`, { params });
      return unwrap(res.data);
    },
    async suggestions(source, params) {
      const res = await http.get<Envelope<Record<string, FilterOptionItem[]>> & { total?: number }>(
        `${prefix}suggestion/${source}`,
        { params: suggestionParams(source, params) }, // drops empties; callers add the screen's rules
      );
      const data = unwrap(res.data);
      const options = data[source] ?? [];
      return { options, total: res.data.total ?? options.length };
    },
    async submit(endpoint, method, body) {
      // GET and DELETE carry the payload in the query string; the others in the body.
      const inQuery = method === 'GET' || method === 'DELETE';
      const res = await http.request<Envelope>({
        url: endpoint,
        method,
        ...(inQuery ? { params: body as Record<string, unknown> } : { data: body }),
      });
      return res.data;
    },
    views: serverViewsApi,
    shares: httpShareLinksApi,
    async explain(params) {
      const res = await http.get<Envelope<Explanation>>('insights/explain', { params });
      return unwrap(res.data);
    },
    async drill(params) {
      const res = await http.get<Envelope<DrillRows>>('insights/drill', { params });
      return unwrap(res.data);
    },
    async confidence(params) {
      const res = await http.get<Envelope<Confidence>>('insights/confidence', { params });
      return unwrap(res.data);
    },
    async productPage(productId) {
      const res = await http.get<Envelope<ProductPage>>('product/page/data', {
        params: { product_id: productId },
      });
      return unwrap(res.data);
    },
  };
}

export const httpDataSource: DataSource = createHttpDataSource();
