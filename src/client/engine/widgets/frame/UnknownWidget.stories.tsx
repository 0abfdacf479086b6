import type { Meta, StoryObj } from '@storybook/react-vite';
import { RenderWidget } from '../widgetRegistry.js';

const meta = {
  title: 'Engine/Widgets/Unknown kind',
  component: RenderWidget,
  args: { config: { kind: 'heatmap3d', id: 'future' } },
} satisfies Meta<typeof RenderWidget>;
export default meta;
type Story = StoryObj<typeof meta>;

export const UnknownKind: Story = {};
