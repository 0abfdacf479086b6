import dayjs from 'dayjs';

/** Date presets of docs/product-spec.md §4, in menu order. */
export const DATE_PRESETS = {
  all: 'All',
  today: 'Today',
  yesterday: 'Yesterday',
  last_7_days: 'Last 7 Days',
  last_15_days: 'Last 15 Days',
  last_month: 'Last Month',
  last_3_month: 'Last 3 Months',
  last_6_month: 'Last 6 Months',
  last_1_year: 'Last 1 Year',
  custom_range: 'Custom Range',
  month_range: 'Month Range',
  single_alone: 'Single Date',
} as const;
export type DatePresetId = keyof typeof DATE_PRESETS;
export const DATE_PRESET_IDS = Object.keys(DATE_PRESETS) as DatePresetId[];

export const ISO = 'YYYY-MM-DD';
/** docs/product-spec.md §9: the single-date picker's default title. */
export const DEFAULT_DATE_TITLE = 'Today';
export const ALL_TIME = '-1';

export interface DateRange {
  start_date: string;
  end_date: string;
  datepicker_title: string;
  date_preset: DatePresetId;
}

/** Extra input of the presets that take user dates. */
export interface PresetInput {
  start?: string;
  end?: string;
}

export function isDatePreset(value: unknown): value is DatePresetId {
  return typeof value === 'string' && value in DATE_PRESETS;
}

/**
 * The dates a preset stands for, relative to `today` (YYYY-MM-DD). Rolling windows include today:
 * last 7 days = today and the previous 6 (docs/product-spec.md §9). Month presets are rolling months ending today.
 */
export function datePresetRange(preset: DatePresetId, today: string, input: PresetInput = {}): DateRange {
  const t = dayjs(today);
  const back = (n: number, unit: 'day' | 'month' | 'year') => t.subtract(n, unit).format(ISO);
  const range = (start: string, end: string, title: string = DATE_PRESETS[preset]): DateRange => ({
    start_date: start,
    end_date: end,
    datepicker_title: title,
    date_preset: preset,
  });
  switch (preset) {
    case 'all':
      return range(ALL_TIME, ALL_TIME);
    case 'today':
      return range(today, today, DEFAULT_DATE_TITLE);
    case 'yesterday':
      return range(back(1, 'day'), back(1, 'day'));
    case 'last_7_days':
      return range(back(6, 'day'), today);
    case 'last_15_days':
      return range(back(14, 'day'), today);
    case 'last_month':
      return range(back(1, 'month'), today);
    case 'last_3_month':
      return range(back(3, 'month'), today);
    case 'last_6_month':
      return range(back(6, 'month'), today);
    case 'last_1_year':
      return range(back(1, 'year'), today);
    case 'custom_range': {
      const start = clampToToday(input.start ?? today, today);
      const end = clampToToday(input.end ?? start, today);
      // Shown as the pickers show dates (docs/product-spec.md §9: pickers DD-MM-YYYY).
      return range(start, end, `${dayjs(start).format('DD-MM-YYYY')} - ${dayjs(end).format('DD-MM-YYYY')}`);
    }
    case 'month_range': {
      const start = dayjs(input.start ?? today)
        .startOf('month')
        .format(ISO);
      const end = clampToToday(
        dayjs(input.end ?? today)
          .endOf('month')
          .format(ISO),
        today,
      );
      return range(start, end, `${dayjs(start).format('MMM YYYY')} - ${dayjs(end).format('MMM YYYY')}`);
    }
    case 'single_alone': {
      const day = clampToToday(input.start ?? today, today);
      return range(day, day, day === today ? DEFAULT_DATE_TITLE : dayjs(day).format('DD-MMM-YYYY'));
    }
  }
}

/** Pickers cannot pick after today (docs/product-spec.md §5). */
export function isAfterToday(date: string, today: string): boolean {
  return dayjs(date).isAfter(dayjs(today), 'day');
}

export function clampToToday(date: string, today: string): string {
  return isAfterToday(date, today) ? today : date;
}

export function todayIso(now: Date = new Date()): string {
  return dayjs(now).format(ISO);
}
