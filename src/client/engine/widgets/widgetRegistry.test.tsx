// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WIDGET_KINDS } from '../../../shared/config.gen.js';
import { RenderWidget, widgetRegistry } from './widgetRegistry.js';

afterEach(cleanup);

describe('widget registry', () => {
  it('has a component for every widget kind of the config language', () => {
    expect(Object.keys(widgetRegistry).sort()).toEqual(Object.keys(WIDGET_KINDS).sort());
  });

  it("an unknown kind renders a visible 'Unknown widget: X' tile", () => {
    render(<RenderWidget config={{ kind: 'pieOfTheDay', id: 'w1' }} />);
    expect(screen.getByRole('alert').textContent).toContain('Unknown widget: pieOfTheDay');
  });
});
