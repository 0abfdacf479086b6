import { useEffect, useState } from 'react';
import { errorMessage } from '../api/http.js';
import type { ValidateAnswer } from '../../shared/configEditor.js';
import { editorApi } from './editorApi.js';

export interface DraftCheck {
  path: string;
  /** The text this answer is for. */
  text: string;
  answer: ValidateAnswer;
}

/** A validated draft and the screen that previews it. */
export interface PreviewTarget {
  path: string;
  draftId: string;
  area: string;
  screen: string;
}

const DEBOUNCE_MS = 400;

/**
 * Sends the draft to the server's validator a moment after typing stops. The answer is kept with
 * the text it checked, so markers are never drawn on a newer text. A failed call is an error, not
 * a verdict.
 */
export function useDraftCheck(
  path: string | null,
  text: string | null,
): { check: DraftCheck | null; lastValid: PreviewTarget | null; error: string | null } {
  const [check, setCheck] = useState<DraftCheck | null>(null);
  // The preview keeps showing the last valid draft while the text is invalid.
  const [lastValid, setLastValid] = useState<PreviewTarget | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (path === null || text === null) return;
    let live = true;
    const timer = setTimeout(() => {
      editorApi.validate(path, text).then(
        (answer) => {
          if (!live) return;
          setCheck({ path, text, answer });
          if (answer.draftId && answer.preview)
            setLastValid({ path, draftId: answer.draftId, ...answer.preview });
          setError(null);
        },
        (err: unknown) => live && setError(errorMessage(err)),
      );
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [path, text]);
  return { check, lastValid, error };
}
