import { createContext, useContext } from 'react';
import type { CellContext, ColumnDef, HeaderContext } from '@tanstack/react-table';

type Row = Record<string, unknown>;

/** What the tick boxes read and do: the grid's selection and its two changes. */
export interface Ticks {
  selected: (key: string) => boolean;
  /** Every shown row is ticked (the header box). */
  all: boolean;
  keyOf: (row: Row, index: number) => string;
  toggleRow: (key: string, row: Row) => void;
  toggleAll: () => void;
}

export const TicksContext = createContext<Ticks | null>(null);

function useTicks(): Ticks {
  const ticks = useContext(TicksContext);
  if (!ticks) throw new Error('a tick box outside its grid');
  return ticks;
}

// TanStack's FlexRender mounts a cell function as a component: a function made anew at each render
// would mount a new box each time (a click between two renders lost, keyboard focus dropped). These
// are made once, and read the selection from the grid's context.
function TickHeader(_props: HeaderContext<never, Row>) {
  const ticks = useTicks();
  return (
    <input type="checkbox" aria-label="Tick every shown row" checked={ticks.all} onChange={ticks.toggleAll} />
  );
}

function TickCell({ row }: CellContext<never, Row>) {
  const ticks = useTicks();
  const key = ticks.keyOf(row.original, row.index);
  return (
    <input
      type="checkbox"
      aria-label={`Tick row ${key}`}
      checked={ticks.selected(key)}
      onChange={() => ticks.toggleRow(key, row.original)}
    />
  );
}

/** The tick-box column of a grid with bulk actions: one object for the app's life. */
export const TICK_COLUMN = {
  id: '__select',
  enableSorting: false,
  header: TickHeader,
  cell: TickCell,
} as unknown as ColumnDef<never, Row>;
