import type { StorybookConfig } from '@storybook/react-vite';

// Engine widgets only; stories sit next to the widgets and are fed by the real screens/ configs.
const config: StorybookConfig = {
  stories: ['../src/client/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // react-docgen (not -typescript): fast, and needs no TypeScript language service at build time.
  typescript: { reactDocgen: 'react-docgen' },
};

export default config;
