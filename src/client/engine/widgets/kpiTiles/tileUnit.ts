import type { KpiTile } from '../../../../shared/config.gen.js';
import type { CurrencyInfo } from '../../../../shared/format/index.js';
import type { FieldMeta } from '../../../../shared/screenApi.js';

const CURRENCY_WORDS: Record<string, string> = { '₹': 'rupees', $: 'dollars', '€': 'euros', '£': 'pounds' };

/**
 * What a tile's figure counts, in words under it: the tile's unit, else its measure's (listings,
 * observations (listing × day), % of products), else for money the user's currency in words.
 */
export function tileUnit(
  tile: Pick<KpiTile, 'unit' | 'format'>,
  meta: FieldMeta | undefined,
  currency: CurrencyInfo | undefined,
): string | undefined {
  if (tile.unit ?? meta?.unit) return tile.unit ?? meta?.unit;
  const format = tile.format ?? meta?.format;
  if (format !== 'currency') return undefined;
  const symbol = currency?.symbol ?? '₹';
  return CURRENCY_WORDS[symbol] ?? symbol;
}
