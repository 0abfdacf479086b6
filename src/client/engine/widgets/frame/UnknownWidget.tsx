/** A config kind the registry does not know: visible, never a blank screen. */
export function UnknownWidget({ kind, id }: { kind: string; id?: string | undefined }) {
  return (
    <section className="ss-card ss-widget ss-widget--unknown" role="alert">
      <div className="ss-state ss-state--error">
        Unknown widget: {kind}
        {id ? ` (${id})` : ''}
      </div>
    </section>
  );
}
