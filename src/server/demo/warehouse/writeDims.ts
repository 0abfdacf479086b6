import type { GroupModel, DemoListing } from './model.js';
import { writeLiveTrackingList } from './liveTrackingList.js';
import type { DemoChannel, DemoCity } from './places.js';
import { ZONES } from './places.js';
import type { RowSink } from './rowSink.js';
import { productTags } from './productTags.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { tableColumns, tableNames } from '../../platform/warehouse/schema/tableColumns.js';

/** Removes a tenant's rows from every table, so regenerating a group never duplicates it. */
export async function deleteGroup(wh: Warehouse, groupId: number): Promise<void> {
  for (const table of tableNames()) {
    if (tableColumns(table).includes('group_id'))
      await wh.query(`DELETE FROM ${table} WHERE group_id = $1`, [groupId]);
  }
}

/** Shared lookups (channels, cities): replaced by id, since every tenant sees the same ones. */
export async function writeSharedDims(
  wh: Warehouse,
  sink: RowSink,
  channels: readonly DemoChannel[],
  cities: readonly DemoCity[],
): Promise<void> {
  for (const c of channels) await wh.query('DELETE FROM dim_channel WHERE channel_id = $1', [c.channelId]);
  for (const c of cities) await wh.query('DELETE FROM dim_city WHERE city_id = $1', [c.cityId]);
  for (const c of channels) sink.push('dim_channel', [c.channelId, c.name, c.kind]);
  for (const c of cities) sink.push('dim_city', [c.cityId, c.name, c.zoneId, ZONES[c.zoneId]]);
}

function planState(startDate: string, endDate: string, today: string): string {
  if (startDate > today) return 'planning';
  return endDate < today ? 'completed' : 'running';
}

function writePlans(sink: RowSink, groupId: number, listing: DemoListing, today: string): void {
  const p = listing.product;
  for (const plan of listing.plans) {
    sink.push('dim_promo_plan', [
      plan.planId,
      groupId,
      p.productId,
      p.brand.brandId,
      p.category.categoryId,
      listing.channel.channelId,
      plan.mechanic,
      plan.offerText,
      plan.planPrice,
      plan.startDate,
      plan.endDate,
      planState(plan.startDate, plan.endDate, today),
      '',
    ]);
  }
}

/** Every per-tenant dimension row of one group. */
export function writeGroupDims(sink: RowSink, model: GroupModel, endDate: string): void {
  const g = model.groupId;
  for (const b of model.brands) sink.push('dim_brand', [b.brandId, g, b.name, b.isCompetitor]);
  for (const c of model.categories)
    sink.push('dim_category', [c.categoryId, g, c.spec.name, c.labelCategoryId, c.labelName, 10, '']);
  for (const p of model.products) {
    sink.push('dim_product', [
      p.productId,
      g,
      p.brand.brandId,
      p.category.categoryId,
      p.skuName,
      p.skuCode,
      p.packSize,
      p.mrp,
      `/demo-images/p/${p.productId}.svg`,
      p.isCompetitor,
      p.isFavourite,
      p.mappingStatus,
      p.launchDate,
      1,
      '',
      6,
    ]);
  }
  for (const t of productTags(g, model.products))
    sink.push('dim_product_tag', [g, t.productId, t.tagId, t.tagName]);
  for (const l of model.listings) {
    sink.push('dim_listing', [g, l.product.productId, l.channel.channelId, l.channelSkuCode, l.productUrl]);
    writePlans(sink, g, l, endDate);
  }
  for (const [own, rival] of model.competitorPairs) sink.push('dim_product_competitor', [g, own, rival]);
  writeLiveTrackingList(sink, model);
  for (const k of model.keywords)
    sink.push('dim_keyword', [
      k.keywordId,
      g,
      k.keyword,
      k.keywordType,
      k.category.categoryId,
      k.searchVolume,
      0,
      1,
      '',
    ]);
  for (const s of model.sellers)
    sink.push('dim_seller', [s.sellerId, g, s.channelId, s.name, s.sellerType, s.isAuth]);
}
