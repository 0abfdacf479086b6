import type { Meta, StoryObj } from '@storybook/react-vite';
import { fakeDataSource } from './fixtures/fakeDataSource.js';
import { stockDataScreen, stockKpiScreen } from './fixtures/stockScreens.js';
import { ScreenView } from './ScreenView.js';

const meta = {
  title: 'Engine/Screens/Stock',
  component: ScreenView,
  parameters: { layout: 'fullscreen' },
  args: { screen: stockKpiScreen, source: fakeDataSource(stockKpiScreen), today: '2026-11-22' },
} satisfies Meta<typeof ScreenView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Kpi: Story = {};
export const Data: Story = { args: { screen: stockDataScreen, source: fakeDataSource(stockDataScreen) } };
export const Loading: Story = { args: { source: fakeDataSource(stockKpiScreen, 'loading') } };
export const Empty: Story = { args: { source: fakeDataSource(stockKpiScreen, 'empty') } };
export const Error: Story = { args: { source: fakeDataSource(stockKpiScreen, 'error') } };
