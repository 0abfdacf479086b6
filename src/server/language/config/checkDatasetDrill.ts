import type { DatasetConfig } from '../../../shared/config.gen.js';
import { pointer } from './configProblems.js';
import { suggestName } from '../model/suggestName.js';

/**
 * A dataset's `drill.rows`: a drill row groups fact rows by these dimensions, so each must be a
 * column dimension (a mapped one has no column of the facts to group by).
 */
export function checkDatasetDrill(ds: DatasetConfig, add: (pointer: string, message: string) => void): void {
  const columns = ds.dimensions.filter((d) => d.kind === 'column').map((d) => d.id);
  (ds.drill?.rows ?? []).forEach((id, i) => {
    if (!columns.includes(id))
      add(pointer('drill', 'rows', i), `unknown column dimension "${id}"${suggestName(id, columns)}`);
  });
}
