import type { ServiceKit } from '../../platform/serviceKit.js';

/** What the auth services share, built once when the plugin registers (platform/serviceKit.ts). */
export type AuthKit = ServiceKit;
