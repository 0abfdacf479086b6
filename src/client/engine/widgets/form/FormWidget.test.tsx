// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineHarness } from '../../fixtures/EngineHarness.js';
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
});
