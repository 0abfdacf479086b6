import type { Meta, StoryObj } from '@storybook/react-vite';
import { EngineHarness, widgetOf } from '../fixtures/EngineHarness.js';
import { stockKpiScreen } from '../fixtures/stockScreens.js';
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
