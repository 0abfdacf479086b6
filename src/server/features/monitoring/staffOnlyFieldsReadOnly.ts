import type { MutationNode } from '../../../shared/config.gen.js';
import type { ResolvedScreen } from '../../../shared/screenApi.js';
import type { AuthContext } from '../../access/auth/authContext.js';
import { isPlatformStaff } from '../../access/auth/guards.js';
import { STAFF_ONLY_FIELDS } from '../../language/entities/staffOnlyChanges.js';

/**
 * A screen as a caller who is not platform staff is served it: the staff-only fields of its
 * update mutations (a group's end date, channels ...) carry JSON Schema `readOnly`, so the form
 * shows them and offers no change the write would refuse (docs/principals.md). The values still
 * travel back unchanged, which the write accepts; staff are served the screen as it is.
 */
export function staffOnlyFieldsReadOnly(screen: ResolvedScreen, auth: AuthContext | null): ResolvedScreen {
  if (!screen.mutations?.length || (auth && isPlatformStaff(auth))) return screen;
  let changed = false;
  const mutations = screen.mutations.map((m) => {
    const fields = STAFF_ONLY_FIELDS[m.entity];
    const properties = m.schema?.properties;
    if (m.operation !== 'update' || !fields || !properties) return m;
    const locked = fields.filter((f) => properties[f]);
    if (!locked.length) return m;
    changed = true;
    const next: MutationNode = {
      ...m,
      schema: {
        ...m.schema!,
        properties: {
          ...properties,
          ...Object.fromEntries(locked.map((f) => [f, { ...properties[f], readOnly: true }])),
        },
      },
    };
    return next;
  });
  return changed ? { ...screen, mutations } : screen;
}
