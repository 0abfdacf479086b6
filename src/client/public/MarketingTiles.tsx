const TILES = [
  { icon: '▦', title: 'Availability', text: 'Stock-outs by city and channel, the day they happen.' },
  { icon: '₹', title: 'Price & violations', text: 'MRP versus selling price, with violations flagged.' },
  { icon: '✦', title: 'Promotions', text: 'Running offers checked against your promotion plan.' },
  { icon: '★', title: 'Reviews & sentiment', text: 'Ratings and aspects customers talk about.' },
];

/** Static marketing tiles of the login page. */
export function MarketingTiles() {
  return (
    <ul className="pub__tiles">
      {TILES.map((t) => (
        <li key={t.title} className="pub__tile">
          <span className="pub__tile-icon" aria-hidden="true">
            {t.icon}
          </span>
          <strong>{t.title}</strong>
          <span>{t.text}</span>
        </li>
      ))}
    </ul>
  );
}
