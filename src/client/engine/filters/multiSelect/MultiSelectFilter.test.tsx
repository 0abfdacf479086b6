// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MultiSelectFilter as Config } from '../../../../shared/config.gen.js';
import { EngineHarness } from '../../fixtures/EngineHarness.js';
import { stockKpiScreen } from '../../fixtures/stockScreens.js';
import { FilterBar } from '../FilterBar.js';

afterEach(cleanup);

const brand: Config = {
  kind: 'multiSelect',
  field: 'brand_id',
  label: 'Brand',
  source: 'brand',
  maxSelect: 1,
};

function openMenu() {
  const input = screen.getByLabelText('Brand');
  fireEvent.focus(input);
  fireEvent.keyDown(input, { key: 'ArrowDown', keyCode: 40 });
}

describe('multi-select filter', () => {
  it('loads options only when opened, 10 at a time, and 10 more within 2 px of the bottom', async () => {
    render(
      <EngineHarness screen={stockKpiScreen}>
        <FilterBar filters={[brand]} />
      </EngineHarness>,
    );
    expect(screen.queryByText('Acme Foods')).toBeNull();
    openMenu();
    await screen.findByText('Acme Foods');
    expect(document.querySelectorAll('.ss-select__option')).toHaveLength(10);
    const list = document.querySelector('.ss-select__menu-list') as HTMLElement;
    Object.defineProperties(list, {
      scrollHeight: { value: 400, configurable: true },
      clientHeight: { value: 165, configurable: true },
      scrollTop: { value: 233, configurable: true, writable: true },
    });
    fireEvent.scroll(list);
    await waitFor(() => expect(document.querySelectorAll('.ss-select__option')).toHaveLength(12));
  });

  it("refuses a choice past maxSelect with 'Can't be done (Max N selections)'", async () => {
    render(
      <EngineHarness screen={stockKpiScreen}>
        <FilterBar filters={[brand]} />
      </EngineHarness>,
    );
    openMenu();
    fireEvent.click(await screen.findByText('Acme Foods'));
    openMenu();
    fireEvent.click(await screen.findByText('Sunrise'));
    expect((await screen.findByRole('alert')).textContent).toContain("Can't be done (Max 1 selections)");
  });
});

describe('typeahead filter', () => {
  it('asks for options only once something is typed, then narrows by the typed prefix', async () => {
    const typeahead = { ...brand, kind: 'typeahead' as const, maxSelect: undefined };
    render(
      <EngineHarness screen={stockKpiScreen}>
        <FilterBar filters={[typeahead]} />
      </EngineHarness>,
    );
    openMenu();
    expect(await screen.findByText('Type to search')).toBeTruthy();
    expect(screen.queryByText('Acme Foods')).toBeNull();
    fireEvent.change(screen.getByLabelText('Brand'), { target: { value: 'Sun' } });
    await screen.findByText('Sunrise');
    expect(screen.queryByText('Acme Foods')).toBeNull();
  });
});

describe('product filter', () => {
  it("is a product search of at most 20 with the spec's message", async () => {
    const { readFile } = await import('node:fs/promises');
    const shared = JSON.parse(await readFile('screens/shared/filters.json', 'utf8')) as {
      filters: Record<string, Record<string, unknown>>;
    };
    expect(shared.filters.product).toMatchObject({
      kind: 'typeahead',
      field: 'product_id',
      maxSelect: 20,
      maxSelectMessage: 'You can select a maximum of 20 products at a time.',
    });
  });

  it('shows the configured message instead of the generic one past maxSelect', async () => {
    const limited = {
      ...brand,
      kind: 'typeahead' as const,
      maxSelectMessage: 'You can select a maximum of 20 products at a time.',
    };
    render(
      <EngineHarness screen={stockKpiScreen}>
        <FilterBar filters={[limited]} />
      </EngineHarness>,
    );
    const input = screen.getByLabelText('Brand');
    fireEvent.change(input, { target: { value: 'A' } });
    fireEvent.click(await screen.findByText('Acme Foods'));
    fireEvent.change(input, { target: { value: 'S' } });
    fireEvent.click(await screen.findByText('Sunrise'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You can select a maximum of 20 products at a time.',
    );
  });
});
