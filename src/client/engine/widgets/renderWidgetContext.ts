import { createContext, type ComponentType } from 'react';

type RenderWidgetComponent = ComponentType<{ config: { kind: string; id?: string } }>;

/**
 * The registry's renderer, handed down by the layout: a widget that shows other widgets (the
 * slide deck) takes it from here instead of importing the registry that imports it.
 */
export const RenderWidgetContext = createContext<RenderWidgetComponent | null>(null);
