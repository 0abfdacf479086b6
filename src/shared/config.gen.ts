/* Provisional hand-written stand-in: replaced by `npm run gen` output from schemas/. */
export interface AreaConfig {
  schemaVersion: number;
  kind: 'area';
  id: string;
  label: string;
  icon?: string;
  order?: number;
  tabs: string[];
}
export interface ScreenConfig {
  schemaVersion: number;
  kind: 'screen';
  area: string;
  id: string;
  title: string;
  permission: string;
  [k: string]: unknown;
}
export interface DatasetConfig {
  schemaVersion: number;
  kind: 'dataset';
  id: string;
  [k: string]: unknown;
}
