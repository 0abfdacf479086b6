import { authApi } from '../api/authApi.js';
import { DEFAULT_NUMBER_STYLE, type NumberStyle } from '../../shared/format/index.js';
import { numberStylePref, setNumberStyle } from '../engine/runtime/numberStylePref.js';

/**
 * The user menu's choice: the open screen follows at once (this browser), and the server keeps it
 * with the user, so what it writes for them (the inbox's How text, the weekly case e-mail) and
 * another browser follow it too.
 */
export function chooseNumberStyle(style: NumberStyle): void {
  setNumberStyle(style);
  void authApi.saveNumberStyle(style).catch(() => undefined);
}

/**
 * On entering the workspace: the style kept with the user wins; a choice this browser made before
 * the server kept one is handed to the server once.
 */
export function adoptNumberStyle(kept: NumberStyle | null): void {
  if (kept) setNumberStyle(kept);
  else if (numberStylePref.style !== DEFAULT_NUMBER_STYLE) chooseNumberStyle(numberStylePref.style);
}
