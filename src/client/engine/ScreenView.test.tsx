// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FILTER_STORAGE_KEY, type KeyValueStorage } from '../../shared/filters/index.js';
import { fakeDataSource } from './fixtures/fakeDataSource.js';
import { stockDataScreen, stockKpiScreen } from './fixtures/stockScreens.js';
import { ScreenView } from './ScreenView.js';

const TODAY = '2026-11-22';
function memory(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

afterEach(cleanup);

describe('ScreenView (stock screens)', () => {
  it('renders KPI tiles with formatted values and the measure definition on hover', async () => {
    render(<ScreenView screen={stockKpiScreen} source={fakeDataSource(stockKpiScreen)} today={TODAY} />);
    const tile = await screen.findByText('Availability %', { selector: '.ss-kpi__label' });
    const card = tile.closest('.ss-kpi') as HTMLElement;
    expect(card.getAttribute('title')).toMatch(/in-stock observations/i);
    // Tiles render their answer as a transition: the label may show a moment before the value.
    expect(await within(card).findByText('55.0%')).toBeTruthy();
  });

  it('pages the grid with Show More and shows loaded/total on the active tab', async () => {
    const calls: { endpoint: string; params: Record<string, unknown> }[] = [];
    render(
      <ScreenView
        screen={stockDataScreen}
        source={fakeDataSource(stockDataScreen, 'ready', calls)}
        today={TODAY}
      />,
    );
    await waitFor(() => expect(screen.getByTestId('tab-count').textContent).toBe('10/37'));
    fireEvent.click(screen.getByRole('button', { name: 'Show More' }));
    await waitFor(() => expect(screen.getByTestId('tab-count').textContent).toBe('20/37'));
    expect(calls.at(-1)?.params).toMatchObject({
      offset: 10,
      limit: 10,
      start_date: '2026-11-16',
      end_date: TODAY,
    });
    expect(screen.getAllByRole('row')).toHaveLength(21);
  });

  it("Show More pages its own grid only: the screen's other grid keeps its rows and asks nothing", async () => {
    const grid = stockDataScreen.widgets.find((w) => w.kind === 'grid')!;
    const twoGrids = {
      ...stockDataScreen,
      widgets: [...stockDataScreen.widgets, { ...grid, id: 'otherGrid', title: 'Other products' }],
      layout: [...stockDataScreen.layout, { kind: 'row' as const, widgets: ['otherGrid'] }],
    };
    const calls: { endpoint: string; params: Record<string, unknown> }[] = [];
    render(<ScreenView screen={twoGrids} source={fakeDataSource(twoGrids, 'ready', calls)} today={TODAY} />);
    const rowsOf = (title: string) => within(screen.getByRole('region', { name: title })).getAllByRole('row');
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Show More' })).toHaveLength(2));
    const before = calls.length;
    fireEvent.click(screen.getAllByRole('button', { name: 'Show More' })[0]!);
    await waitFor(() => expect(rowsOf('Products')).toHaveLength(21));
    expect(calls.slice(before).map((c) => c.params.offset)).toEqual([10]);
    expect(rowsOf('Other products')).toHaveLength(11);
  });

  it('sorting a column asks the server with order_by/order_type and restarts paging', async () => {
    const calls: { endpoint: string; params: Record<string, unknown> }[] = [];
    render(
      <ScreenView
        screen={stockDataScreen}
        source={fakeDataSource(stockDataScreen, 'ready', calls)}
        today={TODAY}
      />,
    );
    await screen.findByText('Show More');
    fireEvent.click(screen.getByRole('button', { name: /Product/ }));
    await waitFor(() =>
      expect(calls.at(-1)?.params).toMatchObject({ order_by: 'sku_name', order_type: 'asc', offset: 0 }),
    );
  });

  it("shows 'No Data Available' when a query has no rows, and the error message on failure", async () => {
    const { unmount } = render(
      <ScreenView screen={stockDataScreen} source={fakeDataSource(stockDataScreen, 'empty')} today={TODAY} />,
    );
    expect(await screen.findByText('No Data Available')).toBeTruthy();
    unmount();
    render(
      <ScreenView screen={stockDataScreen} source={fakeDataSource(stockDataScreen, 'error')} today={TODAY} />,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Warehouse unavailable');
  });

  it('checkbox filter adds a tag; removing the tag and Clear all follow the rules', async () => {
    const storage = memory();
    render(
      <ScreenView
        screen={stockDataScreen}
        source={fakeDataSource(stockDataScreen)}
        storage={storage}
        today={TODAY}
      />,
    );
    const clear = screen.getByRole('button', { name: 'Clear all filters' });
    expect((clear as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Delisted' }));
    expect(await screen.findByRole('button', { name: 'Remove Stock status Delisted' })).toBeTruthy();
    expect((clear as HTMLButtonElement).disabled).toBe(false);
    const stored = JSON.parse(storage.data.get(FILTER_STORAGE_KEY)!) as Record<
      string,
      Record<string, { stock_status: number[] }>
    >;
    expect(stored.stock?.data?.stock_status).toEqual([2]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Stock status Delisted' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove Stock status Delisted' })).toBeNull(),
    );
    expect((clear as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens with the URL state first, then storage', async () => {
    const storage = memory();
    storage.setItem(
      FILTER_STORAGE_KEY,
      JSON.stringify({ stock: { data: { limit: 10, offset: 0, stock_status: [0] } } }),
    );
    const calls: { endpoint: string; params: Record<string, unknown> }[] = [];
    render(
      <ScreenView
        screen={stockDataScreen}
        source={fakeDataSource(stockDataScreen, 'ready', calls)}
        storage={storage}
        search="?stock_status=[1]&start_date=2026-11-01&end_date=2026-11-02"
        today={TODAY}
      />,
    );
    await waitFor(() =>
      expect(calls[0]?.params).toMatchObject({ stock_status: [1], start_date: '2026-11-01' }),
    );
  });

  it('saves and reopens a named view', async () => {
    const storage = memory();
    render(
      <ScreenView
        screen={stockDataScreen}
        source={fakeDataSource(stockDataScreen)}
        storage={storage}
        today={TODAY}
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'In Stock' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'View name' }), {
      target: { value: 'Only in stock' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save view' }));
    await screen.findByRole('option', { name: 'Only in stock' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Remove Stock status/ })).toBeNull());
    fireEvent.change(screen.getByRole('combobox', { name: 'Saved views' }), {
      target: { value: 'Only in stock' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('button', { name: 'Remove Stock status In Stock' })).toBeTruthy();
  });
});
