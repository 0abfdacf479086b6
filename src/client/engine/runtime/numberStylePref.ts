import { proxy } from 'valtio';
import { DEFAULT_NUMBER_STYLE, isNumberStyle, type NumberStyle } from '../../../shared/format/index.js';
import { browserStorage } from './env.js';

const KEY = 'numberStyle';

/**
 * The user's number style, chosen in the user menu. Kept in this browser's storage so it applies
 * before any call returns (the first paint of a tile already uses it); every engine widget reads it
 * through the engine context, so a change reformats the open screen at once.
 */
export const numberStylePref = proxy<{ style: NumberStyle }>({ style: readStored() });

function readStored(): NumberStyle {
  const raw = browserStorage()?.getItem(KEY);
  return isNumberStyle(raw) ? raw : DEFAULT_NUMBER_STYLE;
}

export function setNumberStyle(style: NumberStyle): void {
  numberStylePref.style = style;
  browserStorage()?.setItem(KEY, style);
}
