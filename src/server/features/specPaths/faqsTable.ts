import type { Generated } from 'kysely';

/** One entry of the help page's FAQ (spec user/faqs/list), the same for every group. */
export interface FaqsTable {
  id: Generated<number>;
  position: number;
  question: string;
  answer: string;
}

declare module '../../platform/store/storeDatabase.js' {
  interface StoreDatabase {
    faqs: FaqsTable;
  }
}
