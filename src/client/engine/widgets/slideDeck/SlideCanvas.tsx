import type { LayoutNode, Slide } from '../../../../shared/config.gen.js';
import type { DataSource } from '../../runtime/dataSource.js';
import { SlideWidgetView } from './SlideWidgetView.js';

/** A slide as it is presented and exported: its title and its rows of widgets (twelfths wide). */
export function SlideCanvas({ slide, source, index }: { slide: Slide; source: DataSource; index?: number }) {
  const byId = new Map(slide.widgets.map((w) => [w.id, w]));
  const row = (node: LayoutNode, key: string): React.ReactNode => {
    if (node.kind === 'section') return node.children.map((c, i) => row(c, `${key}.${i}`));
    const total = node.widths?.reduce((a, b) => a + b, 0) ?? node.widgets.length;
    return (
      <div key={key} className="ss-slide__row">
        {node.widgets.map((id, i) => {
          const widget = byId.get(id);
          const share = node.widths?.[i] ?? 1;
          return (
            <div
              key={id}
              className="ss-slide__cell"
              style={{ flexBasis: `${(share / total) * 100}%`, flexGrow: share }}
            >
              {widget && <SlideWidgetView widget={widget} source={source} />}
            </div>
          );
        })}
      </div>
    );
  };
  return (
    <article className="ss-slide" data-slide={index}>
      <h2 className="ss-slide__title">{slide.title}</h2>
      <div className="ss-slide__body">{slide.layout.map((n, i) => row(n, String(i)))}</div>
    </article>
  );
}
