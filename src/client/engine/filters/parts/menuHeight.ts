import { createContext, useContext } from 'react';

/** Spec §9 menu max heights: 165 px in a filter bar, 220 px in the report filter panel. */
export const FILTER_MENU_HEIGHT = 165;
export const REPORT_FILTER_MENU_HEIGHT = 220;

export const MenuHeightContext = createContext(FILTER_MENU_HEIGHT);

export const useMenuHeight = (): number => useContext(MenuHeightContext);
