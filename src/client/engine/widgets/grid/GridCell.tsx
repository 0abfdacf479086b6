import type { GridColumnNode } from '../../../../shared/config.gen.js';
import { formatValue, type CurrencyInfo } from '../../../../shared/format/index.js';
import { Sparkline } from './Sparkline.js';
import { Thumb } from './Thumb.js';
import { StatusChip } from './StatusChip.js';

/** One grid cell, rendered per the column's kind (value formats, status chips, links, images, sparklines). */
export function GridCell({
  column,
  row,
  currency,
}: {
  column: GridColumnNode;
  row: Record<string, unknown>;
  currency: CurrencyInfo;
}) {
  const value = row[column.field];
  switch (column.kind) {
    case 'status':
      return <StatusChip vocabulary={column.vocabulary} code={value} />;
    case 'link': {
      const href = column.hrefField ? row[column.hrefField] : value;
      if (typeof href !== 'string' || (!/^(https?:)?\/\//.test(href) && !href.startsWith('/')))
        return <>{formatValue(value, 'text')}</>;
      return (
        <a href={href} target={column.target ?? '_blank'} rel="noreferrer noopener">
          {formatValue(value, 'text')}
        </a>
      );
    }
    case 'image': {
      const alt = column.altField ? formatValue(row[column.altField], 'text') : (column.header ?? '');
      if (typeof value !== 'string' || !value) return <span className="ss-muted">---</span>;
      return <Thumb src={value} alt={alt} size={column.size ?? 40} />;
    }
    case 'sparkline':
      return <Sparkline values={value} />;
    default:
      return <>{formatValue(value, column.kind, currency)}</>;
  }
}
