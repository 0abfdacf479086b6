import { useEffect, useRef } from 'react';
import { basicSetup, EditorView } from 'codemirror';
import { json, jsonLanguage } from '@codemirror/lang-json';
import { hoverTooltip } from '@codemirror/view';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import { jsonCompletion, jsonSchemaHover, stateExtensions, updateSchema } from 'codemirror-json-schema';
import type { EditorProblem } from '../../shared/configEditor.js';
import { toDiagnostics } from './problemDiagnostics.js';

export interface JsonEditorProps {
  /** Initial text; the editor owns the text afterwards (remount with a key to load another file). */
  initial: string;
  /** The language's schema of this file kind: completion and hover docs. */
  schema: object | null;
  /** The server validator's problems and the text they were computed for. */
  checked: { text: string; problems: readonly EditorProblem[] } | null;
  onChange: (text: string) => void;
  label: string;
}

/**
 * CodeMirror 6 over one config file: JSON mode, schema-aware completion and hover (from the
 * language's own schemas), and the SERVER's problems as diagnostics. The schema library's own
 * linter stays off on purpose: errors shown must be screens:check's, not a second opinion.
 */
export function JsonEditor({ initial, schema, checked, onChange, label }: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      doc: initial,
      extensions: [
        basicSetup,
        json(),
        jsonLanguage.data.of({ autocomplete: jsonCompletion() }),
        hoverTooltip(jsonSchemaHover()),
        stateExtensions(),
        lintGutter(),
        // The editor shares the width with the preview: wrap rather than scroll sideways.
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': label }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) changed.current(u.state.doc.toString());
        }),
      ],
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The initial text seeds the editor once; later edits live in CodeMirror's own state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (view.current && schema) updateSchema(view.current, schema);
  }, [schema]);

  useEffect(() => {
    const editor = view.current;
    // Problems of an older text would point at the wrong places: the next validation replaces them.
    if (!editor || !checked || checked.text !== editor.state.doc.toString()) return;
    editor.dispatch(setDiagnostics(editor.state, toDiagnostics(editor.state.doc, checked.problems)));
  }, [checked]);

  return <div className="ss-editor__code" ref={host} />;
}
