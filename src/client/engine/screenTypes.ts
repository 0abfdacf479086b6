import type { ScreenConfig, ScreenQuery, ValueFormat } from '../../shared/config.gen.js';

/** A tab of the submenu bar: the area's screens the user may open (contracts.md). */
export interface ScreenTab {
  id: string;
  title: string;
  url: string;
}

/** Dataset metadata served with the screen so tiles can show definitions. */
export interface FieldMeta {
  id: string;
  label: string;
  description?: string;
  format?: ValueFormat;
}

/** `GET /config/screen` answer: the validated screen plus tabs and dataset metadata. */
export type ResolvedScreen = ScreenConfig & {
  tabs?: ScreenTab[];
  measures?: FieldMeta[];
  dimensions?: FieldMeta[];
};

/** An option of a filter list (suggestion answer `{ key, name }`). */
export interface FilterOptionItem {
  key: string | number;
  name: string;
  /** Category / city ids a label category / city zone stands for. */
  ids?: (string | number)[];
}

/** Rows of a data call (contracts: `data: { rows, total }`). */
export interface QueryResult {
  rows: Record<string, unknown>[];
  total: number;
}

export function findQuery(screen: ScreenConfig, id: string): ScreenQuery | undefined {
  return screen.queries?.find((q) => q.id === id);
}
