import type { Meta, StoryObj } from '@storybook/react-vite';
import { EngineHarness } from '../../fixtures/EngineHarness.js';
import { sampleForm } from '../../fixtures/extraWidgets.js';
import { stockKpiScreen } from '../../fixtures/stockScreens.js';
import { FormWidget } from './FormWidget.js';

const meta = {
  title: 'Engine/Widgets/Form (rjsf)',
  component: FormWidget,
  args: { config: sampleForm },
  render: (args, { parameters }) => (
    <EngineHarness screen={stockKpiScreen} mode={parameters.mode as never}>
      <FormWidget {...args} />
    </EngineHarness>
  ),
} satisfies Meta<typeof FormWidget>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {};
/** A form without fields: what an empty schema shows. */
export const Empty: Story = {
  args: { config: { ...sampleForm, schema: { type: 'object', properties: {} } } },
};
/** Submitting stays pending: the form is disabled while it waits. */
export const Loading: Story = { parameters: { mode: 'loading' } };
/** Submitting fails: the failure message shows under the form. */
export const Error: Story = { parameters: { mode: 'error' } };
