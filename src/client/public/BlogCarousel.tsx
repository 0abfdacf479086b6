import { useEffect, useState } from 'react';

const POSTS = [
  {
    title: 'Why stock-outs cluster by city',
    text: 'What a month of daily crawls says about regional fulfilment.',
  },
  {
    title: 'Reading price violations right',
    text: 'MRP, selling price and the bands that matter to your channel team.',
  },
  { title: 'Search share, page by page', text: 'How sponsored slots change what shoppers see first.' },
];

const ROTATE_MS = 6000;

/** The login page's blog carousel: rotates on its own, dots to jump. */
export function BlogCarousel() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % POSTS.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, []);
  const post = POSTS[index] ?? POSTS[0]!;
  return (
    <div className="pub__blog" aria-roledescription="carousel" aria-label="From the blog">
      <span className="pub__blog-label">From the blog</span>
      <article aria-live="polite">
        <h2>{post.title}</h2>
        <p>{post.text}</p>
      </article>
      <div className="pub__dots">
        {POSTS.map((p, i) => (
          <button
            key={p.title}
            type="button"
            aria-label={`Show post ${i + 1}`}
            aria-current={i === index}
            className={i === index ? 'is-active' : ''}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </div>
  );
}
