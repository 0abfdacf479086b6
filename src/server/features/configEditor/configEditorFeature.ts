import type { ServerFeature } from '../../platform/feature.js';
import { configEditorPlugin } from './configEditorPlugin.js';

/** The screen editor: files, drafts, validation and previews. */
export const configEditorFeature: ServerFeature = {
  name: 'configEditor',
  routes: configEditorPlugin,
  prefix: '/config/editor',
};
