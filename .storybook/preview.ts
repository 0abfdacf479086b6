import type { Preview } from '@storybook/react-vite';
import '../src/client/engine/engine.css';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    backgrounds: { options: { app: { name: 'App', value: '#f5f7fa' } } },
  },
  initialGlobals: { backgrounds: { value: 'app' } },
};

export default preview;
