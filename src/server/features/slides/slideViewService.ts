import type { Kysely } from 'kysely';
import type { SlideDeckWidget, SlideViewConfig } from '../../../shared/config.gen.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../../shared/errors.js';
import type { ConfigSnapshot } from '../../language/config/configRegistry.js';
import type { ActiveAuth } from '../../access/auth/guards.js';
import { mayOpenScreen } from '../../access/auth/mayOpenScreen.js';
import { audit } from '../../platform/store/auditRepo.js';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import { checkSlideView, slideDeckOf } from './checkSlideView.js';
import { findSlideView, insertSlideView, nameTaken, updateSlideView } from './slideViewsRepo.js';

const SLIDE_NAME_TAKEN = 'A slide view with this name already exists';
const SLIDE_VIEW_INVALID = 'Slide view is not valid';

export interface SlideViewInput {
  id?: number;
  screen: string;
  name: string;
  view: unknown;
}

/** The deck widget of a slide screen the caller may open; 404 for anything else. */
export function slideScreenDeck(snapshot: ConfigSnapshot, auth: ActiveAuth, screen: string): SlideDeckWidget {
  const config = snapshot.screens.get(screen);
  const deck = slideDeckOf(config);
  if (!config || !deck || !mayOpenScreen(auth, config.permission))
    throw new NotFoundError(`Unknown slide screen "${screen.slice(0, 80)}"`);
  return deck;
}

/**
 * Creates or replaces a deck of the caller's group: nothing is written unless the whole deck is
 * valid (400 listing every problem), its name is free on that screen (409), and an id names a
 * deck of this group on this screen (404). Each write is audited with the deck's widgets' screens.
 */
export async function saveSlideView(
  db: Kysely<StoreDatabase>,
  snapshot: ConfigSnapshot,
  auth: ActiveAuth,
  input: SlideViewInput,
  action: 'saved' | 'imported' = 'saved',
): Promise<number> {
  const deck = slideScreenDeck(snapshot, auth, input.screen);
  const problems = checkSlideView(snapshot, auth, deck, input.view);
  if (problems.length) throw new BadRequestError(SLIDE_VIEW_INVALID, problems);
  const view = input.view as SlideViewConfig;
  const name = input.name.trim();
  if (input.id !== undefined) {
    const existing = await findSlideView(db, auth.groupId, input.id);
    if (!existing || existing.screen !== input.screen) throw new NotFoundError('Slide view not found');
  }
  if (await nameTaken(db, auth.groupId, input.screen, name, input.id))
    throw new ConflictError(SLIDE_NAME_TAKEN);
  const base = { groupId: auth.groupId, userId: auth.userId, name, view };
  const id =
    input.id === undefined
      ? await insertSlideView(db, { ...base, screen: input.screen })
      : (await updateSlideView(db, { ...base, id: input.id }), input.id);
  await audit(
    db,
    auth.userId,
    `slide_view.${input.id === undefined ? action : 'updated'}`,
    `slide_view:${id}`,
    {
      group_id: auth.groupId,
      screen: input.screen,
      name,
      widgets: [...new Set(view.slides.flatMap((s) => s.widgets.map((w) => w.screen)))],
    },
  );
  return id;
}
