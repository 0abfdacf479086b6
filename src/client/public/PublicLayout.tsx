import type { ReactNode } from 'react';
import { MarketingTiles } from './MarketingTiles.js';
import { BlogCarousel } from './BlogCarousel.js';
import './public.css';

/** The public pages' frame: the product story on the left, the form card on the right, the footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="pub">
      <main className="pub__main">
        <section className="pub__story" aria-label="About Shelfscope">
          <div className="pub__brand">
            <span className="pub__logo" aria-hidden="true">
              S
            </span>
            <span>Shelfscope</span>
          </div>
          <h1 className="pub__headline">See every shelf your brand sells on.</h1>
          <p className="pub__lede">
            Availability, prices, promotions, content and reviews across marketplaces — one workspace for
            brand teams.
          </p>
          <MarketingTiles />
          <BlogCarousel />
        </section>
        <section className="pub__card">{children}</section>
      </main>
      <footer className="pub__footer">© {new Date().getFullYear()} Shelfscope. All rights reserved.</footer>
    </div>
  );
}
