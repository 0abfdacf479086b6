import type { Meta, StoryObj } from '@storybook/react-vite';
import { EngineHarness } from '../../fixtures/EngineHarness.js';
import { sampleActions } from '../../fixtures/extraWidgets.js';
import { stockDataScreen } from '../../fixtures/stockScreens.js';
import { ActionsWidget } from './ActionsWidget.js';

const meta = {
  title: 'Engine/Widgets/Actions',
  component: ActionsWidget,
  args: { config: sampleActions },
  render: (args) => (
    <EngineHarness screen={stockDataScreen}>
      <ActionsWidget {...args} />
    </EngineHarness>
  ),
} satisfies Meta<typeof ActionsWidget>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {};
export const Empty: Story = { args: { config: { ...sampleActions, items: [] } } };
