// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineContext } from '../../runtime/EngineContext.js';
import { EngineHarness, widgetOf } from '../../fixtures/EngineHarness.js';
import { platformSettingsScreen } from '../../fixtures/adminScreens.js';
import { fakeDataSource } from '../../fixtures/fakeDataSource.js';
import { createScreenStore } from '../../state/screenStore.js';
import { DEFAULT_CURRENCY } from '../../../../shared/format/index.js';
import { sampleForm } from '../../fixtures/extraWidgets.js';
import { stockKpiScreen } from '../../fixtures/stockScreens.js';
import { FormWidget } from './FormWidget.js';

afterEach(cleanup);

const fill = async () => {
  fireEvent.change(await screen.findByLabelText(/Subject/), { target: { value: 'Hello' } });
  fireEvent.change(screen.getByLabelText(/Message/), { target: { value: 'A question' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
};

describe('form widget', () => {
  it("posts the schema's fields and shows the config's success message", async () => {
    render(
      <EngineHarness screen={stockKpiScreen}>
        <FormWidget config={sampleForm} />
      </EngineHarness>,
    );
    await fill();
    expect((await screen.findByRole('status')).textContent).toBe('Thanks, we will get back to you.');
  });

  it('shows the failure under the form when the endpoint fails', async () => {
    render(
      <EngineHarness screen={stockKpiScreen} mode="error">
        <FormWidget config={sampleForm} />
      </EngineHarness>,
    );
    await fill();
    const status = await screen.findByRole('status');
    expect(status.className).toContain('ss-banner--error');
  });

  it('opens with the values its initialValues endpoint answers (schema fields only), and posts them', async () => {
    const calls: [string, string, unknown][] = [];
    const source = {
      ...fakeDataSource(stockKpiScreen),
      submit: (endpoint: string, method: string, body: unknown) => {
        calls.push([endpoint, method, body]);
        return Promise.resolve(
          method === 'GET'
            ? {
                statusCode: 1,
                msg: '',
                data: { subject: 'Current subject', message: 'Current', updated_at: 'x' },
              }
            : { statusCode: 1, msg: 'Saved' },
        );
      },
    };
    const store = createScreenStore(stockKpiScreen.area, stockKpiScreen.id, {}, { today: '2026-11-22' });
    render(
      <EngineContext.Provider value={{ screen: stockKpiScreen, store, source, currency: DEFAULT_CURRENCY }}>
        <FormWidget config={{ ...sampleForm, initialValues: { endpoint: 'feedback/current' } }} />
      </EngineContext.Provider>,
    );
    const subject = await screen.findByLabelText<HTMLInputElement>(/Subject/);
    expect(subject.value).toBe('Current subject');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('status');
    expect(calls).toEqual([
      ['feedback/current', 'GET', {}],
      ['feedback', 'POST', { subject: 'Current subject', message: 'Current' }],
    ]);
  });

  it("the politeness form lists the group's profiled channels (crawl/channels), an added marketplace too", async () => {
    const calls: [string, string, unknown][] = [];
    const channels = [
      { value: 1, label: 'Amazon (web, HTML)' },
      { value: 70, label: 'Nykaa (web, HTML)' },
    ];
    const page = platformSettingsScreen;
    const source = {
      ...fakeDataSource(page),
      submit: (endpoint: string, method: string, body: unknown) => {
        calls.push([endpoint, method, body]);
        return Promise.resolve(
          endpoint === 'crawl/channels'
            ? { statusCode: 1, msg: '', data: channels }
            : { statusCode: 1, msg: 'Saved' },
        );
      },
    };
    const store = createScreenStore(page.area, page.id, {}, { today: '2026-11-22' });
    render(
      <EngineContext.Provider value={{ screen: page, store, source, currency: DEFAULT_CURRENCY }}>
        <FormWidget config={widgetOf(page, 'form', 'politeness')} />
      </EngineContext.Provider>,
    );
    const channel = await screen.findByLabelText<HTMLSelectElement>(/Channel/, {}, { timeout: 10_000 });
    await waitFor(() =>
      expect([...channel.options].map((o) => o.textContent)).toEqual([
        'Select',
        ...channels.map((c) => c.label),
      ]),
    );
    fireEvent.change(channel, { target: { value: '70' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Politeness' }));
    await screen.findByRole('status');
    expect(calls.at(-1)).toEqual([
      'channelprofile/politeness',
      'PUT',
      { channel_id: 70, concurrency: 8, requests_per_second: 400 },
    ]);
  });
});
