import { addDays } from './calendar.js';

/**
 * The Indian e-commerce calendar the demo market follows: Diwali and the festive sale weeks
 * before it (Flipkart's Big Billion Days, Amazon's Great Indian Festival), Holi, and the
 * end-of-season sales (Republic Day in January, Prime Day / Big Saving Days in July,
 * Independence Day in August). Dates move with the lunar calendar, so they are listed per year.
 */
const DIWALI: Readonly<Record<number, string>> = {
  2023: '2023-11-12',
  2024: '2024-11-01',
  2025: '2025-10-20',
  2026: '2026-11-08',
  2027: '2027-10-29',
  2028: '2028-10-17',
  2029: '2029-11-05',
  2030: '2030-10-26',
};
const HOLI: Readonly<Record<number, string>> = {
  2023: '2023-03-08',
  2024: '2024-03-25',
  2025: '2025-03-14',
  2026: '2026-03-04',
  2027: '2027-03-22',
  2028: '2028-03-11',
  2029: '2029-03-01',
  2030: '2030-03-20',
};

export interface SaleEvent {
  name: string;
  start: string;
  end: string;
  /** Which channel kinds run it: marketplaces run the big sales, quick commerce the festival rush. */
  kinds: readonly ('Marketplace' | 'E-Grocery' | 'Quick Commerce')[];
  /** Demand multiplier on its days for the channels that run it. */
  lift: number;
  /** Extra discount (share of MRP) the channels that run it give. */
  discount: number;
  /** Categories it lifts (all when absent). */
  categories?: readonly string[];
}

const FESTIVE_FOOD = [
  'Chips & Crisps',
  'Namkeen',
  'Biscuits & Cookies',
  'Edible Oil',
  'Tea & Coffee',
  'Soft Drinks',
];

/** The sale events of one calendar year (those of a year missing from the tables: none). */
function eventsOfYear(year: number): SaleEvent[] {
  const events: SaleEvent[] = [
    {
      name: 'Republic Day Sale',
      start: `${year}-01-13`,
      end: `${year}-01-19`,
      kinds: ['Marketplace'],
      lift: 1.45,
      discount: 0.06,
    },
    {
      name: 'Prime Day / Big Saving Days',
      start: `${year}-07-12`,
      end: `${year}-07-17`,
      kinds: ['Marketplace'],
      lift: 1.6,
      discount: 0.08,
    },
    {
      name: 'Independence Day Sale',
      start: `${year}-08-06`,
      end: `${year}-08-10`,
      kinds: ['Marketplace', 'E-Grocery'],
      lift: 1.3,
      discount: 0.05,
    },
  ];
  const diwali = DIWALI[year];
  if (diwali) {
    events.push(
      {
        name: 'Big Billion Days / Great Indian Festival',
        start: addDays(diwali, -28),
        end: addDays(diwali, -21),
        kinds: ['Marketplace'],
        lift: 2.3,
        discount: 0.12,
      },
      {
        name: 'Festive deals',
        start: addDays(diwali, -20),
        end: addDays(diwali, -8),
        kinds: ['Marketplace', 'E-Grocery'],
        lift: 1.25,
        discount: 0.04,
      },
      {
        name: 'Diwali week',
        start: addDays(diwali, -7),
        end: diwali,
        kinds: ['Marketplace', 'E-Grocery', 'Quick Commerce'],
        lift: 1.7,
        discount: 0.03,
        categories: FESTIVE_FOOD,
      },
      {
        name: 'After Diwali lull',
        start: addDays(diwali, 1),
        end: addDays(diwali, 4),
        kinds: ['Marketplace', 'E-Grocery', 'Quick Commerce'],
        lift: 0.75,
        discount: 0,
      },
    );
  }
  const holi = HOLI[year];
  if (holi) {
    events.push({
      name: 'Holi',
      start: addDays(holi, -4),
      end: holi,
      kinds: ['Quick Commerce', 'E-Grocery'],
      lift: 1.35,
      discount: 0.02,
      categories: ['Chips & Crisps', 'Namkeen', 'Soft Drinks', 'Juices'],
    });
  }
  return events;
}

const byYear = new Map<number, SaleEvent[]>();

/** The sale events running on `date`. */
export function eventsOn(date: string): SaleEvent[] {
  const year = Number(date.slice(0, 4));
  let events = byYear.get(year);
  if (!events) byYear.set(year, (events = eventsOfYear(year)));
  return events.filter((e) => e.start <= date && date <= e.end);
}

/**
 * How much busier the marketplaces are on `date` than on an ordinary day: the lifts of the sale
 * events they run (every category's, not one category's). Display ads deliver on this traffic.
 */
export function marketplaceTraffic(date: string): number {
  let lift = 1;
  for (const e of eventsOn(date)) if (e.kinds.includes('Marketplace') && !e.categories) lift *= e.lift;
  return lift;
}

/**
 * Reviews follow deliveries: a week or two after a big sale or Diwali, buyers write more of them.
 * The multiplier of the review rate on `date`.
 */
export function reviewWave(date: string): number {
  const year = Number(date.slice(0, 4));
  for (const y of [year, year - 1]) {
    const diwali = DIWALI[y];
    if (!diwali) continue;
    if (addDays(diwali, -18) <= date && date <= addDays(diwali, -8)) return 2; // after the big sale
    if (addDays(diwali, 3) <= date && date <= addDays(diwali, 14)) return 2.4;
  }
  return 1;
}
