// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeDataSource } from '../../fixtures/fakeDataSource.js';
import { stockDataScreen } from '../../fixtures/stockScreens.js';
import { ScreenView } from '../../ScreenView.js';
import { emptyHintParts } from './emptyHintParts.js';
import { showsDatePicker } from '../../state/datePicker.js';
import type { ResolvedScreen } from '../../../../shared/screenApi.js';

const TODAY = '2026-11-22';
afterEach(cleanup);

/** The stock grid as a screen without a date picker (like Crawl Status KPI: no dataset, no dates). */
const undated: ResolvedScreen = { ...stockDataScreen, dataset: undefined, dates: undefined };

describe('the empty state names only the filters the screen has', () => {
  it('leaves the period out on a screen without a date picker', () => {
    const status = [
      {
        kind: 'checkboxGroup',
        field: 'status',
        label: 'Status',
        options: [{ value: 4, label: 'Failed' }],
      },
    ] as NonNullable<ResolvedScreen['filters']>;
    const filters = { status: [4], datepicker_title: 'Today' } as never;
    expect(emptyHintParts(filters, status, false)).toEqual(['Status: Failed']);
    expect(emptyHintParts(filters, status, true)).toEqual(['Status: Failed', 'Date: Today']);
    expect(showsDatePicker(stockDataScreen)).toBe(true);
    expect(showsDatePicker(undated)).toBe(false);
  });

  it('a screen without a date picker: the sentence names its filter, not a date', async () => {
    render(<ScreenView screen={undated} source={fakeDataSource(undated, 'empty')} today={TODAY} />);
    await screen.findByText('No Data Available');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Delisted' }));
    const hint = await screen.findByTestId('empty-hint');
    await waitFor(() => expect(hint.textContent).toContain('Stock status: Delisted'));
    expect(hint.textContent).not.toContain('Date');
    expect(document.querySelector('.ss-submenu select, .ss-submenu [aria-label*="Date"]')).toBeNull();
  });

  it('a screen with one keeps its sentence, period included', async () => {
    render(
      <ScreenView screen={stockDataScreen} source={fakeDataSource(stockDataScreen, 'empty')} today={TODAY} />,
    );
    await screen.findByText('No Data Available');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Delisted' }));
    const hint = await screen.findByTestId('empty-hint');
    await waitFor(() =>
      expect(hint.textContent).toMatch(/^Nothing matches Stock status: Delisted · Date: .+\./),
    );
  });
});
