import type { MutationNode } from '../../../../shared/config.gen.js';
import type { ResolvedScreen } from '../../../../shared/screenApi.js';

/** The generic write route of a screen's mutation (docs/contracts.md "Mutations"). */
export function mutationEndpoint(screen: ResolvedScreen, mutation: string): string {
  return `mutate/${screen.area}/${screen.id}/${mutation}`;
}

/** The on-blur uniqueness check of the same mutation. */
export function verifyEndpoint(screen: ResolvedScreen, mutation: string): string {
  return `verify/${screen.area}/${screen.id}/${mutation}`;
}

export function findMutation(screen: ResolvedScreen, id: string): MutationNode {
  const found = screen.mutations?.find((m) => m.id === id);
  if (!found) throw new Error(`unknown mutation "${id}" in screen ${screen.area}/${screen.id}`);
  return found;
}
