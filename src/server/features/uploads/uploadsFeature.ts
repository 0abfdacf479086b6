import type { ServerFeature } from '../../platform/feature.js';
import { uploadPlugin } from './uploadPlugin.js';

/** File uploads into the warehouse (validated, all-or-nothing) and their slices. */
export const uploadsFeature: ServerFeature = { name: 'uploads', routes: uploadPlugin };
