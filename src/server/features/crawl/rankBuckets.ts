/** Buckets of METRICS.md / docs/product-spec.md §9. */
export function rankBucket(rank: number): string {
  if (rank <= 3) return 'Top 3';
  if (rank <= 10) return '4-10';
  if (rank <= 20) return '11-20';
  if (rank <= 50) return '21-50';
  if (rank <= 100) return '51-100';
  return '100+';
}
