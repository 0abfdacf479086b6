import { createContext, useContext } from 'react';
import type { ScreenStore } from '../state/screenStore.js';
import type { DataSource } from './dataSource.js';
import type { ResolvedScreen } from '../../../shared/screenApi.js';
import type { CurrencyInfo, NumberStyle } from '../../../shared/format/index.js';

/** What every widget of a screen shares: its config, its filter store and the data source. */
export interface EngineContextValue {
  screen: ResolvedScreen;
  store: ScreenStore;
  source: DataSource;
  currency: CurrencyInfo;
  /** The user's number style (user menu): every figure of the screen is formatted with it (default Indian). */
  numberStyle?: NumberStyle;
  /** In-app navigation (the router's); without it links load the page. */
  navigate?: ((url: string) => void) | undefined;
}

export const EngineContext = createContext<EngineContextValue | null>(null);

export function useEngine(): EngineContextValue {
  const ctx = useContext(EngineContext);
  if (!ctx) throw new Error('Engine widgets must render inside <EngineProvider> (ScreenPage)');
  return ctx;
}
