import type { FastifyPluginAsync } from 'fastify';
import type { ServerFeature } from '../../platform/feature.js';
import * as configVersionsTable from '../../language/config/stored/configVersionsTable.js';
import * as configVersionDrops from '../../language/config/stored/configVersionDrops.js';
import { configEditorPlugin } from './configEditorPlugin.js';
import { overlayPlugin } from './overlayPlugin.js';

const routes: FastifyPluginAsync = async (app) => {
  await app.register(configEditorPlugin, { prefix: '/editor' });
  await app.register(overlayPlugin, { prefix: '/overlay' });
};

/**
 * The screen editor (files, drafts, validation, previews, versions) for platform staff, and the
 * group overlays for each group's admin; both stored as versions (docs/config-storage.md).
 */
export const configEditorFeature: ServerFeature = {
  name: 'configEditor',
  routes,
  prefix: '/config',
  migrations: Object.freeze({
    '480_config_versions': configVersionsTable,
    '486_tenancy_config_version_drops': configVersionDrops,
  }),
};
