import { useState } from 'react';

/** A product image; a broken link (moved CDN, offline) becomes a neutral placeholder, not a torn icon. */
export function Thumb({ src, alt, size }: { src: string; alt: string; size: number }) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <span
        className="ss-thumb ss-thumb--missing"
        style={{ width: size, height: size }}
        role="img"
        aria-label={alt || 'No image'}
      >
        ∅
      </span>
    );
  }
  return (
    <img
      className="ss-thumb"
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      onError={() => setBroken(true)}
    />
  );
}
