import type { Meta, StoryObj } from '@storybook/react-vite';
import type { FilterNode } from '../../../shared/config.gen.js';
import { EngineHarness } from '../fixtures/EngineHarness.js';
import { stockDataScreen } from '../fixtures/stockScreens.js';
import { SelectedTags } from '../SelectedTags.js';
import { FilterBar } from './FilterBar.js';

/** Filter kinds the stock screens do not use yet, so every kind has a story. */
const otherKinds: FilterNode[] = [
  {
    kind: 'singleSelect',
    field: 'group_by',
    label: 'Group by',
    options: [
      { value: 'brand', label: 'Brand' },
      { value: 'city', label: 'City' },
    ],
  },
  {
    kind: 'typeahead',
    field: 'product_id',
    label: 'Product',
    source: 'brand',
    placeholder: 'Type to search',
  },
  { kind: 'rankInput', field: 'rank', label: 'Rank', presets: [10, 20, 50] },
  { kind: 'toggle', field: 'is_favourite', label: 'Favourites only' },
  { kind: 'monthRange', label: 'Months' },
  {
    kind: 'datePreset',
    label: 'Date',
    presets: ['all', 'today', 'last_7_days', 'custom_range', 'month_range', 'single_alone'],
    default: 'last_7_days',
  },
  {
    kind: 'checkboxGroup',
    field: 'keyword_type',
    label: 'Keyword type (7 options collapse at <= 1199 px)',
    options: [
      'Generic',
      'My Brand',
      'Competition Brand',
      'Synonyms & Misspell',
      'Occasion Specific',
      'Cusions',
      'Other',
    ].map((l, i) => ({ value: i + 1, label: l })),
  },
];

const meta = {
  title: 'Engine/Filters/Filter bar',
  component: FilterBar,
  args: { filters: stockDataScreen.filters ?? [] },
  render: (args, { parameters }) => (
    <EngineHarness screen={stockDataScreen} mode={parameters.mode as never}>
      <FilterBar {...args} />
      <SelectedTags filters={args.filters} />
    </EngineHarness>
  ),
} satisfies Meta<typeof FilterBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const StockData: Story = { parameters: { mode: 'ready' } };
export const AllKinds: Story = { args: { filters: otherKinds }, parameters: { mode: 'ready' } };
export const OptionsLoading: Story = { parameters: { mode: 'loading' } };
export const OptionsEmpty: Story = { parameters: { mode: 'empty' } };
export const OptionsError: Story = { parameters: { mode: 'error' } };
