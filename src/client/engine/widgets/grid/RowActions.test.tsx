// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GridWidget } from '../../../../shared/config.gen.js';
import { EngineContext } from '../../runtime/EngineContext.js';
import { fakeDataSource } from '../../fixtures/fakeDataSource.js';
import { stockDataScreen } from '../../fixtures/stockScreens.js';
import { createScreenStore } from '../../state/screenStore.js';
import { DEFAULT_CURRENCY } from '../../../../shared/format/index.js';
import { DataGrid } from './DataGrid.js';

afterEach(cleanup);

describe('grid row actions', () => {
  it('call their endpoint with the row key fields and show the message', async () => {
    const grid = stockDataScreen.widgets.find((w) => w.kind === 'grid') as GridWidget;
    const config: GridWidget = {
      ...grid,
      rowActions: [
        {
          kind: 'rowAction',
          id: 'fav',
          label: 'Favourite',
          endpoint: 'products/favourite',
          keyFields: ['product_id'],
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
    const buttons = await screen.findAllByRole('button', { name: 'Favourite' });
    fireEvent.click(buttons[1]!);
    expect(await screen.findByText('Marked')).toBeTruthy();
    expect(submit).toHaveBeenCalledWith('products/favourite', 'POST', { product_id: 1001 });
  });
});
