import { NUMBER_STYLES, type NumberStyle } from './numberStyle.js';

/**
 * `n` with `digits` decimals and grouped thousands, as Intl.NumberFormat('en-US' | 'en-IN') prints
 * it, without Intl: the first Intl.NumberFormat of a page loads ICU's locale data, a 39-87 ms
 * main-thread task when a screen opens (docs/bench.md, long tasks). Like Intl it rounds the shortest decimal
 * form of the number (192.95 -> 193.0, where toFixed gives 192.9), half away from zero; from 1e21
 * on (exponential strings) it leaves the number to Intl.
 */
export function groupDigits(n: number, style: NumberStyle, digits: number): string {
  const abs = Math.abs(n);
  if (!(abs < 1e21)) return intlGrouped(n, style, digits);
  // Below 1e-6 String() turns exponential; such a value rounds to zero at the digits used here.
  const [whole, fraction] = rounded(abs < 1e-6 ? '0' : String(abs), digits);
  // Intl keeps the sign of a negative value that rounds to zero (-0.001 -> '-0.00'), and of -0.
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  return sign + group(whole, style) + (digits > 0 ? `.${fraction}` : '');
}

/** A plain decimal string rounded to `digits` decimals, half up: [whole digits, fraction digits]. */
function rounded(decimal: string, digits: number): [string, string] {
  const [whole = '0', fraction = ''] = decimal.split('.');
  const kept = whole + fraction.slice(0, digits).padEnd(digits, '0');
  const roundUp = (fraction[digits] ?? '0') >= '5';
  const all = roundUp ? incremented(kept) : kept;
  const cut = all.length - digits;
  return [all.slice(0, cut) || '0', all.slice(cut)];
}

/** A digit string plus one in its last place ('1299' -> '1300', '99' -> '100'). */
function incremented(digitString: string): string {
  const out = digitString.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/** International: 10,576,363; Indian (lakh/crore): the last three digits, then pairs: 1,05,76,363. */
function group(whole: string, style: NumberStyle): string {
  if (whole.length <= 3) return whole;
  const last = whole.slice(-3);
  let rest = whole.slice(0, -3);
  const size = style === 'indian' ? 2 : 3;
  const parts: string[] = [];
  while (rest.length > size) {
    parts.unshift(rest.slice(-size));
    rest = rest.slice(0, -size);
  }
  parts.unshift(rest);
  return `${parts.join(',')},${last}`;
}

const formatters = new Map<string, Intl.NumberFormat>();
function intlGrouped(n: number, style: NumberStyle, digits: number): string {
  const key = `${style}:${digits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(NUMBER_STYLES[style].locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, f);
  }
  return f.format(n);
}
