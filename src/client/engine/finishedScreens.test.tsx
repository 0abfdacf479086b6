// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataSource } from './runtime/dataSource.js';
import { fakeDataSource } from './fixtures/fakeDataSource.js';
import { stockDataScreen, stockKpiScreen } from './fixtures/stockScreens.js';
import { ScreenView } from './ScreenView.js';
import { GridCell } from './widgets/grid/GridCell.js';
import { DEFAULT_CURRENCY } from '../../shared/format/index.js';
import { drillUrl } from './widgets/kpiTiles/kpiDrill.js';

const TODAY = '2026-11-22';
afterEach(cleanup);

describe('finished screens', () => {
  it('grids right-align numbers, make image and name sticky and clamp names with the full name on hover', async () => {
    render(<ScreenView screen={stockDataScreen} source={fakeDataSource(stockDataScreen)} today={TODAY} />);
    await screen.findByText('Show More');
    const headers = screen.getAllByRole('columnheader');
    const mrp = headers.find((h) => h.textContent?.startsWith('MRP'))!;
    expect(mrp.className).toContain('ss-align-right');
    expect(headers[0]!.className).toContain('ss-sticky');
    expect(headers[1]!.className).toContain('ss-sticky--edge');
    expect(headers[1]!.style.left).toBe('64px');
    const name = document.querySelector('tbody tr td:nth-child(2) .ss-clamp') as HTMLElement;
    expect(name.getAttribute('title')).toBe(name.textContent);
    expect(screen.getByRole('region', { name: /./ }).tabIndex).toBe(0);
  });

  it('formats every figure with the chosen number style', async () => {
    const { unmount } = render(
      <ScreenView screen={stockDataScreen} source={fakeDataSource(stockDataScreen)} today={TODAY} />,
    );
    await screen.findByText('Show More');
    // Fake rows: mrp 99 + 5n, so row 0 is ₹99.00 in both styles; counts in the grid are 'short'.
    expect(screen.getAllByText('₹99.00').length).toBeGreaterThan(0);
    unmount();
    const big: DataSource = {
      ...fakeDataSource(stockKpiScreen),
      rows: () =>
        Promise.resolve({
          rows: [{ availability_pct: 50, in_stock: 10576363, out_of_stock: 2, delisted: 3 }],
          total: 1,
        }),
    };
    const { unmount: u2 } = render(
      <ScreenView screen={stockKpiScreen} source={big} today={TODAY} numberStyle="indian" />,
    );
    expect(await screen.findAllByText(/1\.06 Cr|1,05,76,363/)).not.toHaveLength(0);
    // Tiles read by one rule: from one lakh on short, the full figure on hover; small counts whole.
    const tile = screen.getByText('1.06 Cr', { selector: '.ss-kpi__value' });
    expect(tile.getAttribute('title')).toBe('1,05,76,363');
    expect(screen.getByText('2', { selector: '.ss-kpi__value' }).getAttribute('title')).toBeNull();
    u2();
    render(<ScreenView screen={stockKpiScreen} source={big} today={TODAY} numberStyle="international" />);
    expect(await screen.findAllByText(/10\.6m|10,576,363/)).not.toHaveLength(0);
  });

  it('an error offers Retry, which asks again', async () => {
    let calls = 0;
    const base = fakeDataSource(stockDataScreen);
    const flaky: DataSource = {
      ...base,
      rows: (endpoint, params) =>
        ++calls === 1 ? Promise.reject(new Error('Warehouse unavailable')) : base.rows(endpoint, params),
    };
    render(<ScreenView screen={stockDataScreen} source={flaky} today={TODAY} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Warehouse unavailable');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Show More')).toBeTruthy();
  });

  it('an empty state says which filters emptied it and offers Clear all', async () => {
    render(
      <ScreenView screen={stockDataScreen} source={fakeDataSource(stockDataScreen, 'empty')} today={TODAY} />,
    );
    await screen.findByText('No Data Available');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Delisted' }));
    const hint = await screen.findByTestId('empty-hint');
    await waitFor(() => expect(hint.textContent).toContain('Stock status: Delisted'));
    expect(hint.textContent).toContain('Date: ');
    fireEvent.click(within(hint).getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(screen.getByTestId('empty-hint').textContent).not.toContain('Delisted'));
  });

  it('the submenu bar shows the last crawl date of the screen', async () => {
    render(
      <ScreenView
        screen={stockKpiScreen}
        source={fakeDataSource(stockKpiScreen)}
        today={TODAY}
        crawlDates={{ product: '2026-11-21' }}
      />,
    );
    expect((await screen.findByTestId('last-crawl')).textContent).toBe('Last crawl: 21-Nov-2026');
  });

  it('KPI tiles drill down: to a sibling grid with the filters, or to their own grid', async () => {
    expect(
      drillUrl('stock', 'kpi', { channel_id: [1] } as never, {
        screen: 'data',
        filters: { stock_status: [0] },
      }),
    ).toBe('/workspace/stock/data?channel_id=%5B1%5D&stock_status=%5B0%5D');
    expect(drillUrl('stock', 'kpi', {} as never, undefined)).toBeNull();
    const visited: string[] = [];
    render(
      <ScreenView
        screen={stockKpiScreen}
        source={fakeDataSource(stockKpiScreen)}
        today={TODAY}
        onNavigate={(url) => visited.push(url)}
      />,
    );
    // Without a drill call (this source has none) the tile's own drill to a sibling tab stands in.
    fireEvent.click(await screen.findByRole('link', { name: 'View rows behind Out Of Stock' }));
    expect(visited[0]).toMatch(/^\/workspace\/stock\/data\?.*observed_status=%5B0%5D/);
  });

  it('a product image opens a preview with its product page link', () => {
    render(
      <GridCell
        column={{
          kind: 'image',
          field: 'image_url',
          altField: 'sku_name',
          pageUrl: '/workspace/products/data?product_id=[{product_id}]',
        }}
        row={{ image_url: '/demo-images/p/7.svg', sku_name: 'Oats 1 kg', product_id: 7 }}
        currency={DEFAULT_CURRENCY}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Preview image of Oats 1 kg' }));
    const link = screen.getByRole('link', { name: 'Open product page', hidden: true });
    expect(link.getAttribute('href')).toBe('/workspace/products/data?product_id=[7]');
  });

  it("a product image's preview links to the product's page on each channel", async () => {
    const asked: number[] = [];
    render(
      <GridCell
        column={{ kind: 'image', field: 'image_url', altField: 'sku_name', productField: 'product_id' }}
        row={{ image_url: '/demo-images/p/7.svg', sku_name: 'Oats 1 kg', product_id: 7 }}
        currency={DEFAULT_CURRENCY}
        productPage={(id) => {
          asked.push(id);
          return Promise.resolve({
            productId: id,
            skuName: 'Oats 1 kg',
            pages: [{ channelId: 1, channelName: 'Amazon', url: 'https://www.amazon.in/dp/B0TEST' }],
          });
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Preview image of Oats 1 kg' }));
    const link = await screen.findByRole('link', { name: 'Open on Amazon', hidden: true });
    expect(link.getAttribute('href')).toBe('https://www.amazon.in/dp/B0TEST');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(asked).toEqual([7]);
  });
});
