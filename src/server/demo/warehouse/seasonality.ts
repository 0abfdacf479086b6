/**
 * Demand by month and category, January to December: summer (April-June) lifts cold drinks,
 * juices, curd and soap; the monsoon (July-September) lifts tea, hot snacks and hair care;
 * winter lifts tea, coffee, butter and cheese; October's festive stock-up lifts oil and staples.
 * Values are each month's middle; days in between are interpolated, so demand turns gradually.
 */
const MONTHLY: Readonly<Record<string, readonly number[]>> = {
  'Chips & Crisps': [1.0, 1.0, 1.05, 1.0, 0.95, 1.0, 1.1, 1.12, 1.05, 1.1, 1.08, 1.05],
  Namkeen: [1.0, 0.95, 1.05, 0.95, 0.9, 0.95, 1.1, 1.15, 1.05, 1.2, 1.12, 1.0],
  'Biscuits & Cookies': [1.05, 1.0, 1.0, 0.95, 0.92, 0.97, 1.08, 1.1, 1.05, 1.05, 1.05, 1.05],
  'Soft Drinks': [0.7, 0.8, 1.0, 1.35, 1.5, 1.3, 0.95, 0.9, 0.95, 0.95, 0.85, 0.78],
  Juices: [0.8, 0.85, 1.05, 1.3, 1.4, 1.25, 1.0, 0.95, 0.95, 0.95, 0.9, 0.85],
  'Tea & Coffee': [1.25, 1.15, 1.0, 0.85, 0.8, 0.9, 1.1, 1.1, 1.0, 1.0, 1.1, 1.25],
  Shampoo: [0.95, 0.95, 1.0, 1.0, 1.05, 1.05, 1.12, 1.1, 1.0, 1.0, 0.95, 0.95],
  'Soap & Body Wash': [1.0, 0.95, 1.05, 1.15, 1.2, 1.1, 1.0, 0.95, 0.95, 0.95, 0.95, 1.0],
  'Milk & Curd': [0.95, 0.95, 1.0, 1.1, 1.2, 1.1, 1.0, 0.95, 0.95, 1.0, 1.0, 0.95],
  'Cheese & Butter': [1.15, 1.05, 1.0, 0.9, 0.85, 0.9, 0.95, 0.95, 1.0, 1.05, 1.1, 1.15],
  'Atta & Rice': [1.0, 1.0, 1.0, 1.02, 1.0, 0.98, 1.0, 1.0, 1.02, 1.08, 1.05, 1.0],
  'Edible Oil': [1.0, 0.98, 1.02, 0.95, 0.95, 0.97, 1.0, 1.02, 1.05, 1.2, 1.12, 1.0],
};

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The category's seasonal demand multiplier on `date` (1 for a category without a curve). */
export function seasonalDemand(category: string, date: string): number {
  const curve = MONTHLY[category];
  if (!curve) return 1;
  const month = Number(date.slice(5, 7)) - 1;
  const day = Number(date.slice(8, 10));
  const days = DAYS_IN_MONTH[month]!;
  const middle = days / 2;
  const prev = (month + 11) % 12;
  const next = (month + 1) % 12;
  // Between this month's middle and the next one's, or the previous month's middle and this one's.
  const [from, to, t] =
    day >= middle
      ? [month, next, (day - middle) / (days - middle + DAYS_IN_MONTH[next]! / 2)]
      : [prev, month, (day + DAYS_IN_MONTH[prev]! / 2) / (DAYS_IN_MONTH[prev]! / 2 + middle)];
  return curve[from]! + (curve[to]! - curve[from]!) * t;
}

/** Cities where the monsoon floods roads (July-September; Chennai also in the north-east monsoon). */
const MONSOON_CITIES = new Set([2, 4, 5, 12, 15]);
/** Cities where winter fog holds up trucks (mid-December to January). */
const FOG_CITIES = new Set([1, 9, 10, 11, 20]);

/**
 * How much harder it is to keep a city stocked on `date`: monsoon flooding and winter fog come
 * in spells of a week, city by city (`spell(salt)`: a uniform draw fixed for the city's week).
 */
export function citySupplyStress(cityId: number, date: string, spell: (salt: number) => number): number {
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  if (MONSOON_CITIES.has(cityId) && ((month >= 7 && month <= 9) || (cityId === 5 && month >= 11))) {
    if (spell(cityId) < 0.35) return 2.6;
  }
  if (FOG_CITIES.has(cityId) && ((month === 12 && day >= 15) || month === 1)) {
    if (spell(cityId + 100) < 0.3) return 1.9;
  }
  return 1;
}
