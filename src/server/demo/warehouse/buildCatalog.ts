import { addDays } from './calendar.js';
import type { DemoBrand, DemoCategory, DemoKeyword, DemoProduct } from './model.js';
import type { Rng } from './prng.js';
import type { Theme } from './themes.js';

/** Id blocks per tenant, so two groups can never share an id (isolation tests rely on it). */
export const idBase = {
  brand: (groupId: number) => groupId * 1000,
  category: (groupId: number) => groupId * 1000,
  labelCategory: (groupId: number) => groupId * 1000 + 900,
  product: (groupId: number) => groupId * 100_000,
  keyword: (groupId: number) => groupId * 10_000,
  seller: (groupId: number) => groupId * 10_000,
  plan: (groupId: number) => groupId * 1_000_000,
  review: (groupId: number) => groupId * 1_000_000_000,
};

export interface Catalog {
  brands: DemoBrand[];
  categories: DemoCategory[];
  products: DemoProduct[];
  keywords: DemoKeyword[];
}

function brandsOf(groupId: number, theme: Theme, rng: Rng): DemoBrand[] {
  const labels = theme.labels.length;
  const own = theme.ownBrands.map((name, i) => ({ name, isCompetitor: 0 as const, labelIndex: i % labels }));
  const rivals = theme.competitorBrands.map((name, i) => ({
    name,
    isCompetitor: 1 as const,
    labelIndex: i % labels,
  }));
  return [...own, ...rivals].map((b, i) => ({
    ...b,
    brandId: idBase.brand(groupId) + i + 1,
    adIntensity: 0.2 + rng.next() * 0.8,
    momentum: 0,
  }));
}

function categoriesOf(groupId: number, theme: Theme): DemoCategory[] {
  return theme.labels
    .flatMap((label, labelIndex) =>
      label.categories.map((spec) => ({
        categoryId: 0,
        labelCategoryId: idBase.labelCategory(groupId) + labelIndex + 1,
        labelName: label.name,
        labelIndex,
        spec,
      })),
    )
    .map((c, i) => ({ ...c, categoryId: idBase.category(groupId) + 100 + i + 1 }));
}

function productsOf(
  groupId: number,
  skus: number,
  brands: DemoBrand[],
  categories: DemoCategory[],
  rng: Rng,
  startDate: string,
): DemoProduct[] {
  const products: DemoProduct[] = [];
  for (let i = 0; i < skus; i++) {
    const category = categories[i % categories.length]!;
    const isCompetitor = rng.chance(0.4) ? 1 : 0;
    const brand = rng.pick(
      brands.filter((b) => b.labelIndex === category.labelIndex && b.isCompetitor === isCompetitor),
    );
    const [packSize, packMrp] = rng.pick(category.spec.packs);
    const noun = rng.pick(category.spec.nouns);
    const variant = rng.pick(category.spec.variants);
    products.push({
      productId: idBase.product(groupId) + i + 1,
      brand,
      category,
      isCompetitor,
      skuName: `${brand.name} ${variant} ${noun} ${packSize}`,
      noun,
      skuCode: `${brand.name.replace(/[^A-Z]/g, '')}-${String(i + 1).padStart(5, '0')}`,
      packSize,
      mrp: Math.max(5, Math.round((packMrp * (0.9 + rng.next() * 0.25)) / 5) * 5),
      popularity: Math.exp(rng.normal() * 0.8),
      launchDate: addDays(startDate, -rng.int(30, 1500)),
      isFavourite: isCompetitor === 0 && rng.chance(0.08) ? 1 : 0,
      mappingStatus: rng.chance(0.85) ? 1 : rng.chance(0.5) ? 0 : 2,
    });
  }
  return products;
}

function keywordsOf(
  groupId: number,
  brands: DemoBrand[],
  categories: DemoCategory[],
  rng: Rng,
): DemoKeyword[] {
  const out: Omit<DemoKeyword, 'keywordId'>[] = [];
  const add = (
    keyword: string,
    keywordType: string,
    category: DemoCategory,
    brandId: number | null,
    volume: number,
  ) =>
    out.push({
      keyword,
      keywordType,
      category,
      brandId,
      searchVolume: Math.round(volume * (0.5 + rng.next())),
    });
  for (const category of categories) {
    const { terms, misspellings, occasions } = category.spec;
    const head = terms[0]!;
    for (const term of terms) add(term, 'Generic', category, null, 40_000);
    const labelBrands = brands.filter((b) => b.labelIndex === category.labelIndex);
    for (const b of labelBrands.filter((x) => x.isCompetitor === 0).slice(0, 2))
      add(`${b.name.toLowerCase()} ${head}`, 'My Brand', category, b.brandId, 6_000);
    for (const b of labelBrands.filter((x) => x.isCompetitor === 1).slice(0, 2))
      add(`${b.name.toLowerCase()} ${head}`, 'Competition Brand', category, b.brandId, 8_000);
    for (const term of misspellings) add(term, 'Synonyms & Misspell', category, null, 3_000);
    for (const term of occasions) add(term, 'Occasion Specific', category, null, 5_000);
  }
  return out.map((k, i) => ({ ...k, keywordId: idBase.keyword(groupId) + i + 1 }));
}

/** Brands, categories, SKUs and keywords of one tenant. */
export function buildCatalog(
  groupId: number,
  theme: Theme,
  skus: number,
  rng: Rng,
  startDate: string,
): Catalog {
  const brands = brandsOf(groupId, theme, rng);
  const categories = categoriesOf(groupId, theme);
  const products = productsOf(groupId, skus, brands, categories, rng, startDate);
  const keywords = keywordsOf(groupId, brands, categories, rng);
  return { brands, categories, products, keywords };
}
