import type { LayoutNode, WidgetNode } from '../../shared/config.gen.js';
import { RenderWidget } from './widgets/widgetRegistry.js';
import { RenderWidgetContext } from './widgets/renderWidgetContext.js';

interface Props {
  layout: readonly LayoutNode[];
  widgets: readonly WidgetNode[];
}

/** Rows and sections of the config; widgets the layout forgets still show, at the end. */
export function ScreenLayout({ layout, widgets }: Props) {
  const byId = new Map(widgets.map((w) => [w.id, w]));
  const placed = new Set<string>();
  const renderNode = (node: LayoutNode, key: string) => {
    if (node.kind === 'section') {
      return (
        <section key={key} className="ss-section">
          {node.title && <h2 className="ss-section__title">{node.title}</h2>}
          {node.children.map((child, i) => renderNode(child, `${key}.${i}`))}
        </section>
      );
    }
    if (node.kind !== 'row') return <RenderWidget key={key} config={node} />;
    const total = node.widths?.reduce((a, b) => a + b, 0) ?? node.widgets.length;
    return (
      <div key={key} className="ss-row">
        {node.widgets.map((id, i) => {
          placed.add(id);
          const widget = byId.get(id);
          const share = node.widths?.[i] ?? 1;
          return (
            <div
              key={id}
              className="ss-row__cell"
              style={{ flexGrow: share, flexBasis: `${(share / total) * 100}%` }}
            >
              {widget ? (
                <RenderWidget config={widget} />
              ) : (
                <RenderWidget config={{ kind: `missing widget "${id}"` }} />
              )}
            </div>
          );
        })}
      </div>
    );
  };
  const rendered = layout.map((node, i) => renderNode(node, String(i)));
  const rest = widgets.filter((w) => !placed.has(w.id));
  return (
    <RenderWidgetContext.Provider value={RenderWidget}>
      <div className="ss-layout">
        {rendered}
        {rest.map((w) => (
          <div key={w.id} className="ss-row">
            <div className="ss-row__cell">
              <RenderWidget config={w} />
            </div>
          </div>
        ))}
      </div>
    </RenderWidgetContext.Provider>
  );
}
