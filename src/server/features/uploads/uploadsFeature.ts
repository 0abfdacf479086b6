import type { ServerFeature } from '../../platform/feature.js';
import { uploadPlugin } from './uploadPlugin.js';
import * as uploadUndoMigration from './uploadUndoMigration.js';

/** File uploads into the warehouse (validated, all-or-nothing) and their slices (deletes undoable for a while). */
export const uploadsFeature: ServerFeature = {
  name: 'uploads',
  routes: uploadPlugin,
  migrations: Object.freeze({ '470_upload_undo': uploadUndoMigration }),
};
