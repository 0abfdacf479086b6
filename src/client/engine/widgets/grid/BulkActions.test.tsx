// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GridWidget } from '../../../../shared/config.gen.js';
import { EngineContext } from '../../runtime/EngineContext.js';
import { fakeDataSource } from '../../fixtures/fakeDataSource.js';
import { stockDataScreen } from '../../fixtures/stockScreens.js';
import { createScreenStore } from '../../state/screenStore.js';
import { DEFAULT_CURRENCY } from '../../../../shared/format/index.js';
import { DataGrid } from './DataGrid.js';
import { toggleAll, toggleRow } from './rowSelection.js';

afterEach(cleanup);

const CAP = 'You can select a maximum of 2 products at a time.';

function renderGrid() {
  const grid = stockDataScreen.widgets.find((w) => w.kind === 'grid') as GridWidget;
  const config: GridWidget = {
    ...grid,
    rowKey: ['product_id'],
    maxSelected: 2,
    maxSelectedMessage: CAP,
    bulkActions: [
      {
        kind: 'bulkAction',
        id: 'fav',
        label: 'Favourite',
        mutation: 'favourite',
        set: { is_favourite: 1 },
        idField: 'product_id',
        successMessage: 'Marked',
      },
    ],
  };
  const source = fakeDataSource(stockDataScreen);
  const submit = vi.spyOn(source, 'submit');
  const store = createScreenStore('stock', 'data', { limit: 10 }, { today: '2026-11-22' });
  render(
    <EngineContext.Provider value={{ screen: stockDataScreen, store, source, currency: DEFAULT_CURRENCY }}>
      <DataGrid config={config} />
    </EngineContext.Provider>,
  );
  return { submit };
}

describe('grid tick boxes and bulk actions', () => {
  it('tick rows up to the cap, refuse one more with the message, and run the action on the ticked rows', async () => {
    const { submit } = renderGrid();
    const bar = await screen.findByRole('toolbar', { name: 'Actions on ticked rows' });
    const run = within(bar).getByRole('button', { name: 'Favourite' });
    expect(run.hasAttribute('disabled')).toBe(true);

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Tick row 1000' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tick row 1002' }));
    expect(within(bar).getByText('2 selected (max 2)')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tick row 1003' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CAP);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Tick row 1003' }).checked).toBe(false);
    // Ten shown rows are more than the cap: the header box refuses too.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tick every shown row' }));
    expect(screen.getByRole('alert').textContent).toBe(CAP);

    fireEvent.click(run);
    expect(await screen.findByText('Marked')).toBeTruthy();
    expect(submit).toHaveBeenCalledWith('bulk/stock/data/' + gridId() + '/fav', 'POST', {
      rows: [
        { id: 1000, updated_at: '' },
        { id: 1002, updated_at: '' },
      ],
    });
    // A write clears the ticks (the rows are read again with new tokens).
    expect(within(bar).getByText('0 selected (max 2)')).toBeTruthy();
  });

  it('keeps the selection logic pure: untick frees a place, the header box clears', () => {
    const grid = { maxSelected: 1, maxSelectedMessage: CAP };
    const one = toggleRow(grid, new Map(), 'a', { id: 1 });
    if (one.refused !== undefined) throw new Error(one.refused);
    expect(toggleRow(grid, one.selection, 'b', { id: 2 })).toEqual({ refused: CAP });
    const none = toggleRow(grid, one.selection, 'a', { id: 1 });
    expect(none.refused === undefined && none.selection.size).toBe(0);
    const shown = [{ key: 'a', row: { id: 1 } }];
    expect(toggleAll(grid, one.selection, shown)).toEqual({ selection: new Map() });
  });
});

function gridId(): string {
  return (stockDataScreen.widgets.find((w) => w.kind === 'grid') as GridWidget).id;
}
