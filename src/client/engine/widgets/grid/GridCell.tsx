import type { GridColumnNode } from '../../../../shared/config.gen.js';
import { formatValue, type CurrencyInfo, type NumberStyle } from '../../../../shared/format/index.js';
import { ImagePreview } from './ImagePreview.js';
import { Sparkline } from './Sparkline.js';
import { StatusChip } from './StatusChip.js';

/** One grid cell, rendered per the column's kind (value formats, status chips, links, images, sparklines). */
export function GridCell({
  column,
  row,
  currency,
  numberStyle,
  clamp = false,
}: {
  column: GridColumnNode;
  row: Record<string, unknown>;
  currency: CurrencyInfo;
  numberStyle?: NumberStyle | undefined;
  /** Long text: two lines at most, the whole value on hover. */
  clamp?: boolean;
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
        <ImagePreview src={value} alt={alt} size={column.size ?? 40} pageUrl={pageAddress(column, row)} />
      );
    }
    case 'sparkline':
      return <Sparkline values={value} />;
    default:
      return <Clamped text={formatValue(value, column.kind, currency, numberStyle)} on={clamp} />;
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
