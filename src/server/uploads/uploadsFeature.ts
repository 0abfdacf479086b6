import type { ServerFeature } from '../features/feature.js';
import { uploadPlugin } from './uploadPlugin.js';

/** File uploads into the warehouse (validated, all-or-nothing) and their slices. */
export const uploadsFeature: ServerFeature = { name: 'uploads', routes: uploadPlugin };
