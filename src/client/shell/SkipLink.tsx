/**
 * The first stop of the keyboard: Enter moves focus past the header and the area menu to the
 * screen's filter bar (its first control), or to the page's main content when it has none.
 */
export function SkipLink() {
  return (
    <a
      className="ss-skip"
      href="#ss-main"
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById('ss-main');
        const first = main?.querySelector<HTMLElement>(
          '.ss-filterbar input, .ss-filterbar button, .ss-filterbar select, .ss-filterbar [tabindex="0"]',
        );
        (first ?? main)?.focus();
      }}
    >
      Skip to filters and content
    </a>
  );
}
