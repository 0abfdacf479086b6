import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import { ALERT_KINDS, ALERT_KIND_IDS, type AnomalyWatch } from './alertKinds.js';

const NAMES: Record<keyof typeof ALERT_KINDS, string> = {
  out_of_stock: 'Own SKUs going out of stock',
  price_violation: 'New price violations',
  content_drop: 'Content score down 10 points',
  search_rank_loss: 'Lost page 1 in search',
  low_rating_review: 'New 1–2 star reviews',
  anomaly: 'Unusual units sold per brand',
};
/** The demo's anomaly rule: estimated units per brand (screens/datasets/sales.dataset.json). */
const DEMO_WATCH: AnomalyWatch = { dataset: 'sales', measure: 'units', by: 'brand_id' };

/** A demo group watches every kind, the digest going to its admin: a handful of alerts per day. */
export async function seedDemoAlertRules(
  db: Kysely<StoreDatabase>,
  groupId: number,
  recipient: string,
  createdBy: number,
): Promise<void> {
  await db
    .insertInto('alert_rules')
    .values(
      ALERT_KIND_IDS.map((kind) => ({
        group_id: groupId,
        kind,
        name: NAMES[kind],
        channel_id: null,
        threshold: ALERT_KINDS[kind].threshold,
        recipients: JSON.stringify([recipient.toLowerCase()]),
        created_by: createdBy,
        watch: kind === 'anomaly' ? JSON.stringify(DEMO_WATCH) : null,
      })),
    )
    .execute();
}
