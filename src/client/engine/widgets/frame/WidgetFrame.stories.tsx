import type { Meta, StoryObj } from '@storybook/react-vite';
import { WidgetFrame } from './WidgetFrame.js';

const meta = {
  title: 'Engine/Widgets/Frame states',
  component: WidgetFrame,
  args: { title: 'Any widget', kind: 'grid', status: 'ready' },
} satisfies Meta<typeof WidgetFrame>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { status: 'loading' } };
export const Empty: Story = { args: { status: 'empty' } };
export const Error: Story = { args: { status: 'error', error: 'Unknown sort field "x"' } };
