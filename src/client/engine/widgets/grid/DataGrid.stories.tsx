import type { Meta, StoryObj } from '@storybook/react-vite';
import { EngineHarness, widgetOf } from '../../fixtures/EngineHarness.js';
import { stockDataScreen, stockKpiScreen } from '../../fixtures/stockScreens.js';
import { DataGrid } from './DataGrid.js';

const meta = {
  title: 'Engine/Widgets/Grid',
  component: DataGrid,
  args: { config: widgetOf(stockDataScreen, 'grid') },
  render: (args, { parameters }) => (
    <EngineHarness
      screen={(parameters.screen as typeof stockDataScreen | undefined) ?? stockDataScreen}
      mode={parameters.mode as never}
    >
      <DataGrid {...args} />
    </EngineHarness>
  ),
} satisfies Meta<typeof DataGrid>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = { parameters: { mode: 'ready' } };
export const BrandAvailability: Story = {
  args: { config: widgetOf(stockKpiScreen, 'grid') },
  parameters: { mode: 'ready', screen: stockKpiScreen },
};
export const WithRowActions: Story = {
  args: {
    config: {
      ...widgetOf(stockDataScreen, 'grid'),
      rowActions: [
        {
          kind: 'rowAction',
          id: 'fav',
          label: 'Favourite',
          endpoint: 'products/favourite',
          keyFields: ['product_id'],
          successMessage: 'Marked as favourite',
        },
      ],
    },
  },
  parameters: { mode: 'ready' },
};
export const Empty: Story = { parameters: { mode: 'empty' } };
export const Loading: Story = { parameters: { mode: 'loading' } };
export const Error: Story = { parameters: { mode: 'error' } };
