import { useState } from 'react';
import type { Slide, SlideViewConfig } from '../../../../shared/config.gen.js';
import { errorMessage } from '../../../api/http.js';
import type { DataSource } from '../../runtime/dataSource.js';
import { nextWidgetId, placeWidget, removeWidget } from './placeWidget.js';
import { slideApi, type SlideViewRecord } from './slideApi.js';
import { SlideCanvas } from './SlideCanvas.js';
import { WidgetPicker } from './WidgetPicker.js';

interface Props {
  deckScreen: string;
  source: DataSource;
  editing: SlideViewRecord | null;
  onDone: (savedId: number | null) => void;
}

const blankSlide = (n: number): Slide => ({ kind: 'slide', title: `Slide ${n}`, widgets: [], layout: [] });

/** Composes a deck: slides of widgets from other screens, each with its own filters; saves it. */
export function SlideComposer({ deckScreen, source, editing, onDone }: Props) {
  const [name, setName] = useState(editing?.name ?? '');
  const [slides, setSlides] = useState<Slide[]>(editing ? [...editing.view.slides] : [blankSlide(1)]);
  const [current, setCurrent] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const slide = slides[current]!;
  const update = (next: Slide) => setSlides(slides.map((s, i) => (i === current ? next : s)));

  const save = async () => {
    setProblem(null);
    if (!name.trim()) return setProblem('Name the slide view');
    if (slides.some((s) => s.widgets.length === 0))
      return setProblem('Every slide needs at least one widget');
    const view: SlideViewConfig = { schemaVersion: 2, kind: 'slideView', title: name.trim(), slides };
    setSaving(true);
    try {
      onDone(await slideApi.save({ ...(editing && { id: editing.id }), screen: deckScreen, name, view }));
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="ss-slidecompose">
      <div className="ss-slidecompose__bar">
        <label>
          Name
          <input
            aria-label="Slide view name"
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <div className="ss-slidecompose__tabs" role="tablist">
          {slides.map((s, i) => (
            <button
              key={i}
              type="button"
              role="tab"
              aria-selected={i === current}
              className="ss-btn ss-btn--ghost"
              onClick={() => setCurrent(i)}
            >
              {i + 1}. {s.title}
            </button>
          ))}
          <button
            type="button"
            className="ss-btn ss-btn--ghost"
            onClick={() => {
              setSlides([...slides, blankSlide(slides.length + 1)]);
              setCurrent(slides.length);
            }}
          >
            + Slide
          </button>
        </div>
        <button type="button" className="ss-btn" onClick={() => void save()} disabled={saving}>
          Save slide view
        </button>
        <button type="button" className="ss-btn ss-btn--ghost" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
      {problem && (
        <div className="ss-state ss-state--error" role="alert">
          {problem}
        </div>
      )}
      <label className="ss-slidecompose__title">
        Slide title
        <input
          aria-label="Slide title"
          value={slide.title}
          maxLength={120}
          onChange={(e) => update({ ...slide, title: e.target.value })}
        />
      </label>
      <ul className="ss-slidecompose__widgets">
        {slide.widgets.map((w) => (
          <li key={w.id}>
            {w.screen} · {w.widget}
            <button
              type="button"
              className="ss-icon-btn"
              aria-label={`Remove ${w.id}`}
              onClick={() => update(removeWidget(slide, w.id))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <WidgetPicker
        deckScreen={deckScreen}
        source={source}
        onAdd={(w, width) =>
          update(placeWidget(slide, { kind: 'slideWidget', id: nextWidgetId(slide), ...w }, width))
        }
      />
      {slide.widgets.length > 0 && <SlideCanvas slide={slide} source={source} />}
    </div>
  );
}
