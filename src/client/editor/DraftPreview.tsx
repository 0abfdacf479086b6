import { useMemo } from 'react';
import { ScreenPage } from '../engine/ScreenPage.js';
import { draftDataSource } from './draftDataSource.js';

export interface DraftPreviewProps {
  draftId: string;
  area: string;
  screen: string;
  /** Where the draft is served; default the screen editor's drafts. */
  prefix?: string;
}

/**
 * The draft's screen rendered by the engine exactly as the saved screen would be, its data calls
 * answered by the server from the draft; a new draft is a new screen (its filters start afresh).
 */
export function DraftPreview({ draftId, area, screen, prefix }: DraftPreviewProps) {
  const source = useMemo(() => draftDataSource(draftId, prefix), [draftId, prefix]);
  return (
    <ScreenPage key={`${draftId} ${area}/${screen}`} area={area} screen={screen} source={source} embedded />
  );
}
