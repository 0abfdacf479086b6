import type { Meta, StoryObj } from '@storybook/react-vite';
import { EngineHarness, widgetOf } from '../../fixtures/EngineHarness.js';
import { stockKpiScreen } from '../../fixtures/stockScreens.js';
import { ChartWidget } from './ChartWidget.js';

const meta = {
  title: 'Engine/Widgets/Chart (Vega-Lite)',
  component: ChartWidget,
  args: { config: widgetOf(stockKpiScreen, 'chart', 'trendChart') },
  render: (args, { parameters }) => (
    <EngineHarness screen={stockKpiScreen} mode={parameters.mode as never}>
      <ChartWidget {...args} />
    </EngineHarness>
  ),
} satisfies Meta<typeof ChartWidget>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Trend: Story = { parameters: { mode: 'ready' } };
export const ByCity: Story = {
  args: { config: widgetOf(stockKpiScreen, 'chart', 'cityChart') },
  parameters: { mode: 'ready' },
};
export const Empty: Story = { parameters: { mode: 'empty' } };
export const Loading: Story = { parameters: { mode: 'loading' } };
export const Error: Story = { parameters: { mode: 'error' } };
