import type { GridColumnNode } from '../../../../shared/config.gen.js';
import {
  formatCurrency,
  formatValue,
  type CurrencyInfo,
  type NumberStyle,
} from '../../../../shared/format/index.js';
import type { FieldMeta, ProductPage, QueryResult } from '../../../../shared/screenApi.js';
import { ChangeCell } from './ChangeCell.js';
import { figureInputs, missingText } from '../../../../shared/insights/figureInputs.js';
import { ImagePreview } from './ImagePreview.js';
import { Sparkline } from './Sparkline.js';
import { StatusChip } from './StatusChip.js';

/** One grid cell, rendered per the column's kind (value formats, status chips, links, images, sparklines). */
export function GridCell({
  column,
  row,
  currency,
  numberStyle,
  paise,
  clamp = false,
  productPage,
  measures,
  previous,
}: {
  column: GridColumnNode;
  row: Record<string, unknown>;
  currency: CurrencyInfo;
  numberStyle?: NumberStyle | undefined;
  /** A currency column's paise, decided for all its rows (columnPaise); else per value. */
  paise?: boolean | undefined;
  /** Long text: two lines at most, the whole value on hover. */
  clamp?: boolean;
  /** Reads a product's channel pages, for an image column with a productField. */
  productPage?: ((productId: number) => Promise<ProductPage>) | undefined;
  /** The screen's measures: a computed figure shows its inputs on hover. */
  measures?: readonly FieldMeta[] | undefined;
  /** The comparison period of the rows (change columns). */
  previous?: QueryResult['previous'];
}) {
  const value = row[column.field];
  switch (column.kind) {
    case 'status':
      return <StatusChip vocabulary={column.vocabulary} code={value} />;
    case 'link': {
      const href = column.hrefField ? row[column.hrefField] : value;
      const text = formatValue(value, 'text');
      if (typeof href !== 'string' || (!/^(https?:)?\/\//.test(href) && !href.startsWith('/')))
        return <Clamped text={text} on={clamp} />;
      return (
        <a href={href} target={column.target ?? '_blank'} rel="noreferrer noopener" title={text}>
          <Clamped text={text} on={clamp} />
        </a>
      );
    }
    case 'image': {
      const alt = column.altField ? formatValue(row[column.altField], 'text') : (column.header ?? '');
      if (typeof value !== 'string' || !value) return <span className="ss-muted">---</span>;
      return (
        <ImagePreview
          src={value}
          alt={alt}
          size={column.size ?? 40}
          pageUrl={pageAddress(column, row)}
          loadPages={channelPages(column, row, productPage)}
        />
      );
    }
    case 'sparkline':
      return <Sparkline values={value} />;
    case 'change':
      return (
        <ChangeCell
          field={column.field}
          row={row}
          previous={previous}
          meta={measures?.find((m) => m.id === column.field)}
          currency={currency}
          numberStyle={numberStyle}
        />
      );
    default: {
      const meta = measures?.find((m) => m.id === column.field);
      const text =
        missingText(meta, value) ??
        (column.kind === 'currency'
          ? formatCurrency(value, currency, false, numberStyle, paise)
          : formatValue(value, column.kind, currency, numberStyle));
      const inputs = meta && figureInputs(meta, row, measures ?? [], currency, numberStyle);
      if (inputs) return <span title={inputs}>{text}</span>;
      return <Clamped text={text} on={clamp} />;
    }
  }
}

function Clamped({ text, on }: { text: string; on: boolean }) {
  if (!on) return <>{text}</>;
  return (
    <span className="ss-clamp" title={text}>
      {text}
    </span>
  );
}

/** Reads the row's product pages on its channels, when the column names the product's field. */
function channelPages(
  column: GridColumnNode,
  row: Record<string, unknown>,
  productPage: ((productId: number) => Promise<ProductPage>) | undefined,
): (() => Promise<ProductPage['pages']>) | undefined {
  if (column.kind !== 'image' || !column.productField || !productPage) return undefined;
  const id = Number(row[column.productField]);
  if (!Number.isInteger(id) || id < 1) return undefined;
  return () => productPage(id).then((p) => p.pages);
}

/** The column's page address with {field} filled from the row; none when a field is missing. */
function pageAddress(column: GridColumnNode, row: Record<string, unknown>): string | undefined {
  if (column.kind !== 'image' || !column.pageUrl) return undefined;
  let missing = false;
  const url = column.pageUrl.replace(/\{(\w+)\}/g, (_, f: string) => {
    const v = row[f];
    if (v === null || v === undefined || v === '') missing = true;
    return encodeURIComponent(String(v));
  });
  return missing ? undefined : url;
}
