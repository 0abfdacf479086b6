import type { ColumnType, Generated, Kysely } from 'kysely';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
// A type alias, not an interface: withTables<T>() wants an index-signature-compatible record.
type ViewTables = {
  view_settings: {
    group_id: number;
    mrp: string;
    selling_price: string;
    currency_sign: string;
    images_type: number;
    updated_at: Timestamp;
  };
  view_setting_changes: {
    id: Generated<number>;
    group_id: number;
    user_id: number | null;
    field: string;
    before: string;
    after: string;
    changed_at: Timestamp;
  };
};

/** What user_info and get/currency hand the screens (spec §3 user info: its defaults). */
export interface ViewSettings {
  mrp: string;
  selling_price: string;
  currencySign: string;
  images_type: number;
}

export const DEFAULT_VIEW_SETTINGS: ViewSettings = {
  mrp: 'MRP',
  selling_price: 'Selling Price',
  currencySign: 'fa fa-inr',
  images_type: 0,
};

const FIELDS = ['mrp', 'selling_price', 'currencySign', 'images_type'] as const;

/** A group's view settings and their history; every read and write names the group. */
export class ViewSettingsRepo {
  private readonly db: Kysely<StoreDatabase & ViewTables>;

  constructor(db: Kysely<StoreDatabase>) {
    this.db = db.withTables<ViewTables>();
  }

  async current(groupId: number): Promise<ViewSettings & { updated_at: string | null }> {
    const row = await this.db
      .selectFrom('view_settings')
      .selectAll()
      .where('group_id', '=', groupId)
      .executeTakeFirst();
    if (!row) return { ...DEFAULT_VIEW_SETTINGS, updated_at: null };
    return {
      mrp: row.mrp,
      selling_price: row.selling_price,
      currencySign: row.currency_sign,
      images_type: row.images_type,
      updated_at: row.updated_at.toISOString(),
    };
  }

  /** Saves the settings and one history row per changed field, in one transaction; returns the changed fields. */
  async save(groupId: number, userId: number, next: ViewSettings): Promise<string[]> {
    return this.db.transaction().execute(async (tx) => {
      const row = await tx
        .selectFrom('view_settings')
        .selectAll()
        .where('group_id', '=', groupId)
        .forUpdate()
        .executeTakeFirst();
      const before: ViewSettings = row
        ? {
            mrp: row.mrp,
            selling_price: row.selling_price,
            currencySign: row.currency_sign,
            images_type: row.images_type,
          }
        : DEFAULT_VIEW_SETTINGS;
      const changed = FIELDS.filter((f) => before[f] !== next[f]);
      if (changed.length === 0) return [];
      const values = {
        mrp: next.mrp,
        selling_price: next.selling_price,
        currency_sign: next.currencySign,
        images_type: next.images_type,
        updated_at: new Date(),
      };
      await tx
        .insertInto('view_settings')
        .values({ group_id: groupId, ...values })
        .onConflict((oc) => oc.column('group_id').doUpdateSet(values))
        .execute();
      await tx
        .insertInto('view_setting_changes')
        .values(
          changed.map((field) => ({
            group_id: groupId,
            user_id: userId,
            field,
            before: String(before[field]),
            after: String(next[field]),
          })),
        )
        .execute();
      return [...changed];
    });
  }

  /** The group's changes, newest first, with who made them. */
  async changes(groupId: number, page: { limit: number; offset: number }) {
    const scoped = this.db.selectFrom('view_setting_changes as c').where('c.group_id', '=', groupId);
    const rows = await scoped
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.id', 'c.field', 'c.before', 'c.after', 'c.changed_at', 'u.user_name as changed_by'])
      .orderBy('c.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const { n } = await scoped.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return { rows, total: Number(n) };
  }
}
