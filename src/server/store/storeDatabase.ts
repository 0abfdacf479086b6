/** Table types of the app store; grows with each migration. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface StoreDatabase {}
