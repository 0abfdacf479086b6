// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineHarness } from '../../fixtures/EngineHarness.js';
import { sampleActions } from '../../fixtures/extraWidgets.js';
import { stockDataScreen } from '../../fixtures/stockScreens.js';
import { ActionsWidget } from './ActionsWidget.js';

afterEach(cleanup);

describe('actions widget', () => {
  it('links a download to its endpoint with the filters but without paging, next to the upload', () => {
    render(
      <EngineHarness screen={stockDataScreen}>
        <ActionsWidget config={sampleActions} />
      </EngineHarness>,
    );
    const href = screen.getByRole('link', { name: 'Download data' }).getAttribute('href')!;
    expect(href.startsWith('/api/v1/stock/data/export')).toBe(true);
    expect(href).not.toMatch(/[?&](limit|offset)=/);
    expect(screen.getByText('Upload sales')).toBeTruthy();
  });

  it('renders no button for an empty list', () => {
    render(
      <EngineHarness screen={stockDataScreen}>
        <ActionsWidget config={{ ...sampleActions, items: [] }} />
      </EngineHarness>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
