/**
 * Master/data_settings (data settings, pincode and city lists), manualReports/*,
 * manualUploads/*, the keyword mapper (products/datamapper) and the keyword import
 * (visibility/setup) — each upload through the shared end-to-end check (support/uploadCases.ts):
 * template, load with named slices, two bad rows change nothing with their error file, slice
 * replace, group isolation. Runs on both engines (API_TEST_PG=1).
 */
import { expect } from 'vitest';
import { describeUploadCases, type Names, type UploadCase } from './support/uploadCases.js';

const OCT = '2026-10-01';
const NOV = '2026-11-01';

/** The three share reports: one table, one fixed `report` each, so each only sees its own rows. */
const shareCase = (screen: string, label: string): UploadCase => ({
  route: `uploads/manualReports/${screen}/${screen}`,
  table: 'manual_share_report',
  where: `report = '${screen}'`,
  header: ['Month', 'Channel', 'Brand', 'Top', `${label} %`],
  rows: (n) => [
    [OCT, 'Amazon', n.brands[0], 10, 23.5],
    [OCT, 'Amazon', n.brands[0], 20, 19],
    [NOV, 'Amazon', n.brands[1], 30, 12.25],
  ],
  bad: (n) => ({
    rows: [
      [OCT, 'Amazon', n.brands[0], 10, 23.5],
      [OCT, 'Amazon', n.brands[0], 15, 19],
      ['Oct 2026', 'Amazon', n.brands[1], 30, 120],
    ],
    errors: [
      [3, 'Top', '15', 'Must be one of: 10, 20, 30.'],
      [4, 'Month', 'Oct 2026', 'Must be a date (YYYY-MM-DD).'],
      [4, `${label} %`, '120', 'Must be at most 100.'],
    ],
  }),
  slices: () => ['2026-10 Amazon', '2026-11 Amazon'],
  scoped: { column: 'Brand', name: (n) => n.brands[0]!, at: 2 },
});

const CASES: UploadCase[] = [
  {
    route: 'uploads/master/data_settings/dataSettings',
    table: 'setup_data_settings',
    header: ['Channel', 'Category', 'Crawl Frequency', 'Search Pages', 'Track Stock', 'Track Price'],
    rows: (n) => [
      ['Amazon', n.categories[0], 'Daily', 3, 1, 1],
      ['Amazon', n.categories[1], 'weekly', 6, 0, 1],
      ['Flipkart', n.categories[0], 'Daily', 1, 1, 0],
    ],
    bad: (n) => ({
      rows: [
        ['Amazon', n.categories[0], 'Daily', 3, 1, 1],
        ['Amazon', n.categories[1], 'Hourly', 3, 1, 1],
        ['Flipkart', n.categories[0], 'Daily', 7, 1, 0],
      ],
      errors: [
        [3, 'Crawl Frequency', 'Hourly', 'Must be one of: Daily, Weekly.'],
        [4, 'Search Pages', '7', 'Must be at most 6.'],
      ],
    }),
    slices: () => ['Amazon', 'Flipkart'],
    scoped: { column: 'Category', name: (n) => n.categories[0]!, at: 1 },
  },
  {
    route: 'uploads/master/data_settings/pincodes',
    table: 'setup_pincode',
    header: ['City', 'Pincode', 'Area'],
    rows: (n) => [
      [n.cities[0], 400001, 'Fort'],
      [n.cities[0], 400002, 'Kalbadevi'],
      [n.cities[1], 110001, 'Connaught Place'],
    ],
    bad: (n) => ({
      rows: [
        [n.cities[0], 400001, 'Fort'],
        [n.cities[0], 4000, 'Short'],
        ['Atlantis', 110001, 'Nowhere'],
      ],
      errors: [
        [3, 'Pincode', '4000', 'Must be at least 100000.'],
        [4, 'City', 'Atlantis', 'Unknown City "Atlantis".'],
      ],
    }),
    slices: (n) => [n.cities[0]!, n.cities[1]!].sort(),
  },
  {
    route: 'uploads/master/data_settings/cities',
    table: 'setup_city_list',
    header: ['Channel', 'City', 'Stores Tracked'],
    rows: (n) => [
      ['Amazon', n.cities[0], 25],
      ['Amazon', n.cities[1], 10],
      ['Flipkart', n.cities[0], 5],
    ],
    bad: (n) => ({
      rows: [
        ['Amazon', n.cities[0], 25],
        ['Amazon', 'Atlantis', 3],
        ['Amazon', n.cities[1], -1],
      ],
      errors: [
        [3, 'City', 'Atlantis', 'Unknown City "Atlantis".'],
        // The error file escapes values a spreadsheet would read as a formula.
        [4, 'Stores Tracked', "'-1", 'Must be at least 0.'],
      ],
    }),
    slices: () => ['Amazon', 'Flipkart'],
  },
  shareCase('shareOfVisibility', 'Share of Visibility'),
  shareCase('shareOfNavigation', 'Share of Navigation'),
  shareCase('shareOfSearch', 'Share of Search'),
  {
    route: 'uploads/manualReports/assetExecution/assetExecution',
    table: 'manual_asset_execution',
    header: ['Month', 'Channel', 'SKU Code', 'Asset', 'Planned', 'Executed'],
    rows: (n) => [
      [OCT, 'Amazon', n.skus[0], 'Images', 6, 4],
      [OCT, 'Amazon', n.skus[0], 'a+ content', 1, 1],
      [OCT, 'Flipkart', n.skus[1], 'Banner', 2, 0],
    ],
    bad: (n) => ({
      rows: [
        [OCT, 'Amazon', n.skus[0], 'Images', 6, 4],
        [OCT, 'Amazon', 'NO-SUCH-SKU', 'Images', 6, 4],
        [OCT, 'Flipkart', n.skus[1], 'Banner', 2, 'two'],
      ],
      errors: [
        [3, 'SKU Code', 'NO-SUCH-SKU', 'Unknown SKU Code "NO-SUCH-SKU".'],
        [4, 'Executed', 'two', 'Must be a whole number.'],
      ],
    }),
    slices: () => ['2026-10 Amazon', '2026-10 Flipkart'],
    scoped: { column: 'SKU Code', name: (n) => n.skus[0]!, at: 2 },
  },
  {
    route: 'uploads/manualReports/reports/rankReport',
    table: 'manual_rank_report',
    header: ['Month', 'Channel', 'Keyword', 'SKU Code', 'Top', 'Rank'],
    rows: (n) => [
      [OCT, 'Amazon', 'muesli', n.skus[0], 10, 4],
      [OCT, 'Amazon', 'oats', n.skus[1], 20, 14],
      [NOV, 'Amazon', 'muesli', n.skus[0], 30, 22],
    ],
    bad: (n) => ({
      rows: [
        [OCT, 'Amazon', 'muesli', n.skus[0], 10, 4],
        [OCT, 'Amazon', '', n.skus[1], 20, 14],
        [NOV, 'Amazon', 'muesli', n.skus[0], 30, 31],
      ],
      errors: [
        [3, 'Keyword', '', 'Required value is missing.'],
        [4, 'Rank', '31', 'Must be at most 30.'],
      ],
    }),
    slices: () => ['2026-10 Amazon', '2026-11 Amazon'],
    scoped: { column: 'SKU Code', name: (n) => n.skus[0]!, at: 3 },
  },
  {
    route: 'uploads/manualUploads/uploadReports/reportRows',
    table: 'manual_report_rows',
    header: ['Report', 'Date', 'Channel', 'Metric', 'Value'],
    rows: () => [
      ['Monthly Review', '2026-10-05', 'Amazon', 'Net Sales', 125000],
      ['Monthly Review', '2026-10-05', 'Amazon', 'Orders', 950],
      ['Weekly Pulse', '2026-10-12', 'Flipkart', 'Net Sales', 40250.5],
    ],
    bad: () => ({
      rows: [
        ['Monthly Review', '2026-10-05', 'Amazon', 'Net Sales', 125000],
        ['Monthly Review', '2026-10-05', 'Amazon', 'Orders', 'many'],
        ['Weekly Pulse', '2026-10-12', 'Myntra Plus', 'Net Sales', 1],
      ],
      errors: [
        [3, 'Value', 'many', 'Must be a number.'],
        [4, 'Channel', 'Myntra Plus', 'Unknown Channel "Myntra Plus".'],
      ],
    }),
    slices: () => ['Monthly Review 2026-10', 'Weekly Pulse 2026-10'],
  },
  {
    route: 'uploads/manualUploads/uploadChartData/chartData',
    table: 'manual_chart_data',
    header: ['Chart', 'Period', 'Series', 'Value'],
    rows: () => [
      ['Market Share Trend', OCT, 'Demo Brand', 18.4],
      ['Market Share Trend', NOV, 'Demo Brand', 19.1],
      ['Price Index', OCT, 'Category', 101.5],
    ],
    bad: () => ({
      rows: [
        ['Market Share Trend', OCT, 'Demo Brand', 18.4],
        ['Market Share Trend', '2026-13-01', 'Demo Brand', 19.1],
        ['', OCT, 'Category', 101.5],
      ],
      errors: [
        [3, 'Period', '2026-13-01', 'Must be a date (YYYY-MM-DD).'],
        [4, 'Chart', '', 'Required value is missing.'],
      ],
    }),
    slices: () => ['Market Share Trend', 'Price Index'],
  },
  {
    route: 'uploads/manualUploads/commandCenterReports/commandCenter',
    table: 'manual_command_center',
    header: ['Date', 'Channel', 'Category', 'KPI', 'Value', 'Target'],
    rows: (n: Names) => [
      [OCT, 'Amazon', n.categories[0], 'Availability', 92.5, 95],
      [OCT, 'Amazon', n.categories[0], 'share of search', 31, 35],
      [OCT, 'Flipkart', n.categories[1], 'Rating', 4.2, 4.5],
    ],
    bad: (n: Names) => ({
      rows: [
        [OCT, 'Amazon', n.categories[0], 'Availability', 92.5, 95],
        [OCT, 'Amazon', n.categories[0], 'Footfall', 31, 35],
        [OCT, 'Flipkart', n.categories[1], 'Rating', -4.2, 4.5],
      ],
      errors: [
        [3, 'KPI', 'Footfall', expect.stringMatching(/^Must be one of: Availability, Share of Search/)],
        // The error file escapes values a spreadsheet would read as a formula.
        [4, 'Value', "'-4.2", 'Must be at least 0.'],
      ],
    }),
    slices: () => ['2026-10 Amazon', '2026-10 Flipkart'],
    scoped: { column: 'Category', name: (n) => n.categories[0]!, at: 2 },
  },
  {
    route: 'uploads/products/datamapper/keywordMapper',
    table: 'setup_keyword_map',
    header: ['Channel', 'Keyword', 'SKU Code', 'Mapping Status'],
    loaded: 'Mapping Status Updated Successfully',
    rows: (n) => [
      ['Amazon', n.keywords[0], n.skus[0], 'Mapped'],
      ['Amazon', n.keywords[0], n.skus[1], 'not mapped'],
      ['Flipkart', n.keywords[1], n.skus[0], 'Mapped'],
    ],
    bad: (n) => ({
      rows: [
        ['Amazon', n.keywords[0], n.skus[0], 'Mapped'],
        ['Amazon', 'no such keyword', n.skus[1], 'Mapped'],
        ['Flipkart', n.keywords[1], n.skus[0], 'Maybe'],
      ],
      errors: [
        [3, 'Keyword', 'no such keyword', 'Unknown Keyword "no such keyword".'],
        [4, 'Mapping Status', 'Maybe', 'Must be one of: Mapped, Not Mapped.'],
      ],
    }),
    slices: () => ['Amazon', 'Flipkart'],
    scoped: { column: 'SKU Code', name: (n) => n.skus[0]!, at: 2 },
  },
  {
    route: 'uploads/visibility/setup/keywords',
    table: 'setup_tracked_keyword',
    header: ['Channel', 'Category', 'Keyword', 'Keyword Type', 'Search Volume'],
    rows: (n) => [
      ['Amazon', n.categories[0], 'high protein muesli', 'Generic', 12000],
      ['Amazon', n.categories[0], 'muesli offers', 'occasion specific', ''],
      ['Flipkart', n.categories[1], 'high protein muesli', 'Generic', 800],
    ],
    bad: (n) => ({
      rows: [
        ['Amazon', n.categories[0], 'high protein muesli', 'Generic', 12000],
        ['Amazon', n.categories[0], 'muesli offers', 'Seasonal', 10],
        ['Flipkart', n.categories[1], 'high protein muesli', 'Generic', 'lots'],
      ],
      errors: [
        [3, 'Keyword Type', 'Seasonal', expect.stringMatching(/^Must be one of: Generic, My Brand/)],
        [4, 'Search Volume', 'lots', 'Must be a whole number.'],
      ],
    }),
    slices: () => ['Amazon', 'Flipkart'],
    scoped: { column: 'Category', name: (n) => n.categories[0]!, at: 1 },
  },
  {
    route: 'uploads/promo/plan/promotionPlan',
    table: 'dim_promo_plan',
    // The demo's own plans end before 2027: only the imported ones are counted.
    where: "start_date >= DATE '2027-01-01'",
    header: ['Channel', 'SKU Code', 'Mechanic', 'Offer Text', 'Plan Price', 'Start Date', 'End Date'],
    rows: (n) => [
      ['Amazon', n.skus[0], 'Flat Discount', 'Flat 20% off', 249, '2027-01-05', '2027-01-12'],
      ['Amazon', n.skus[1], 'buy 1 get 1', 'Buy 1 Get 1 Free', 199, '2027-01-20', '2027-01-25'],
      ['Amazon', n.skus[0], 'Coupon', 'Apply coupon for 10% off', 269, '2027-02-01', '2027-02-10'],
    ],
    bad: (n) => ({
      rows: [
        ['Amazon', n.skus[0], 'Flat Discount', 'Flat 20% off', 249, '2027-01-05', '2027-01-12'],
        ['Amazon', n.skus[1], 'Cashback', 'Cashback', 199, '2027-01-20', '2027-01-25'],
        ['Amazon', n.skus[0], 'Coupon', 'Apply coupon', -5, '2027-02-01', '2027-02-10'],
      ],
      errors: [
        [3, 'Mechanic', 'Cashback', expect.stringMatching(/^Must be one of: Flat Discount, Buy 1 Get 1/)],
        [4, 'Plan Price', "'-5", 'Must be at least 0.'],
      ],
    }),
    slices: () => ['Amazon 2027-01', 'Amazon 2027-02'],
    // Plans get fresh ids above every existing one, their product's brand and category, and the planning state.
    afterLoad: async (wh) => {
      const rows = await wh.query<{ plan_id: number; ok: number; state: string }>(
        `SELECT p.plan_id, CASE WHEN p.brand_id = d.brand_id AND p.category_id = d.category_id THEN 1 ELSE 0 END AS ok,
                p.promo_state AS state
           FROM dim_promo_plan p JOIN dim_product d ON d.product_id = p.product_id
          WHERE p.start_date >= DATE '2027-01-01' ORDER BY p.plan_id`,
      );
      const [{ older }] = (await wh.query<{ older: number }>(
        "SELECT MAX(plan_id) AS older FROM dim_promo_plan WHERE start_date < DATE '2027-01-01'",
      )) as [{ older: number }];
      expect(new Set(rows.map((r) => r.plan_id)).size).toBe(3);
      expect(rows.every((r) => r.plan_id > older && r.ok === 1 && r.state === 'planning')).toBe(true);
    },
    scoped: { column: 'SKU Code', name: (n) => n.skus[0]!, at: 1 },
  },
];

describeUploadCases(CASES);
