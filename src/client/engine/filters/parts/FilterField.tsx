import type { ReactNode } from 'react';

/** Label and body of one filter in the bar. */
export function FilterField({
  label,
  htmlFor,
  children,
  wide,
}: {
  label: string;
  htmlFor?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`ss-filter${wide ? ' ss-filter--wide' : ''}`}>
      <label className="ss-filter__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
    </div>
  );
}
