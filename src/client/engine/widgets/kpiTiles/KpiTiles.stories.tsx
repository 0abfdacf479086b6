import type { Meta, StoryObj } from '@storybook/react-vite';
import { EngineHarness, widgetOf } from '../../fixtures/EngineHarness.js';
import { stockKpiScreen } from '../../fixtures/stockScreens.js';
import { KpiTiles } from './KpiTiles.js';

const meta = {
  title: 'Engine/Widgets/KPI tiles',
  component: KpiTiles,
  args: { config: widgetOf(stockKpiScreen, 'kpiTiles') },
  render: (args, { parameters }) => (
    <EngineHarness screen={stockKpiScreen} mode={parameters.mode as never}>
      <KpiTiles {...args} />
    </EngineHarness>
  ),
} satisfies Meta<typeof KpiTiles>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = { parameters: { mode: 'ready' } };
export const Empty: Story = { parameters: { mode: 'empty' } };
export const Loading: Story = { parameters: { mode: 'loading' } };
export const Error: Story = { parameters: { mode: 'error' } };

/** A query with `compare` and tiles with `change`: the change under the value, its period on hover. */
const comparedScreen = {
  ...stockKpiScreen,
  queries: stockKpiScreen.queries!.map((q) =>
    q.id === 'stats'
      ? { ...q, compare: { measures: ['availability_pct', 'days_in_stock_pct'], over: ['product_id'] } }
      : q,
  ),
};
const comparedTiles = widgetOf(comparedScreen, 'kpiTiles');
export const WithChange: Story = {
  args: {
    config: {
      ...comparedTiles,
      tiles: comparedTiles.tiles.map((t) =>
        ['availability_pct', 'days_in_stock_pct'].includes(t.measure) ? { ...t, change: true } : t,
      ),
    },
  },
  parameters: { mode: 'ready' },
  render: (args) => (
    <EngineHarness screen={comparedScreen} mode="ready">
      <KpiTiles {...args} />
    </EngineHarness>
  ),
};
