import { useEffect, useState } from 'react';

/** The value after it has stopped changing for `ms` (typeahead: 200 ms, docs/product-spec.md §9). */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}
