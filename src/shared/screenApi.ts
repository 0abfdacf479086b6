import type { CompareTo } from './insights/previousPeriod.js';
import type { MeasureInputs, ScreenConfig, ValueFormat } from './config.gen.js';

/** Wire shapes of the screen API (docs/contracts.md): the server sends them, the SPA reads them. */

/** A tab of the submenu bar: one of the area's screens the caller may open. */
export interface ScreenTab {
  id: string;
  title: string;
  url: string;
}

/** Label and definition of a row field, so tiles and headers show what a number means. */
export interface FieldMeta {
  id: string;
  label: string;
  description?: string;
  format?: ValueFormat;
  /** Measures: which way a change is good news (default neutral). */
  goodDirection?: 'up' | 'down' | 'neutral';
  /** Measures: the figures its hover shows so that they multiply to it (shared/insights/figureInputs.ts). */
  inputs?: MeasureInputs;
  /** Measures: what one of it is, in words (listings, observations (listing × day), % of products). */
  unit?: string;
  /** Measures: why a tile of it cannot list the rows behind it (absent: 'View rows' lists them). */
  noDrill?: string;
  /** Ratios read over their sources' common days: the labels of the two sides (commonDaysHint.ts). */
  commonDays?: { numerator: string; denominator: string };
}

/** `GET /config/screen` answer: the screen as validated, the tabs the caller may open, field metadata. */
export type ResolvedScreen = ScreenConfig & {
  tabs: ScreenTab[];
  measures: FieldMeta[];
  dimensions: FieldMeta[];
  /** Dimensions a KPI's change may be split over (the dataset's explain); absent when none. */
  explainBy?: FieldMeta[];
  /** The dataset's rows are crawled pages: KPI tiles show a confidence mark (GET insights/confidence). */
  coverage?: 'crawl';
};

/** An option of a filter list (the suggestion answer's `{ key, name }`). */
/** GET product/page/data: a product's pages on its channels (the image preview's links). */
export interface ProductPage {
  productId: number;
  skuName: string;
  pages: { channelId: number; channelName: string; url: string }[];
}

export interface FilterOptionItem {
  key: string | number;
  name: string;
  /** Category / city ids a label category / city zone stands for. */
  ids?: (string | number)[];
}

/** Rows of a data call (`data: { rows, total }`). */
export interface QueryResult {
  rows: Record<string, unknown>[];
  /** Rows before paging; for unpaged queries the number of rows returned. */
  total: number;
  /**
   * The same query over the comparison period (`compare_to`: the period of equal length just
   * before the picked dates, or the same dates last year). KPI queries: its one row in `rows`;
   * grids with change columns and charts overlaying it: `rows` is empty and each row carries
   * `<measure>__previous`. `noData`: the warehouse holds nothing of that period (last year).
   */
  previous?: {
    start: string;
    end: string;
    to?: CompareTo;
    rows: Record<string, unknown>[];
    noData?: boolean;
  };
}

/** A saved view as `GET /views` lists it. */
export interface SavedViewRecord<State = Record<string, unknown>> {
  id: number;
  name: string;
  state: State;
  updatedAt: string;
}
