/**
 * The setup dictionaries (screens/setup): each screen's upload through the shared
 * end-to-end check (support/uploadCases.ts). Runs on both engines (API_TEST_PG=1).
 */
import { expect } from 'vitest';
import { describeUploadCases, type UploadCase } from './support/uploadCases.js';

const CASES: UploadCase[] = [
  {
    route: 'uploads/setup/typecontent/categoryContent',
    table: 'setup_category_content',
    header: ['Category', 'Attribute', 'Minimum'],
    rows: (n) => [
      [n.categories[0], 'Images', 6],
      [n.categories[0], 'bullet points', 5],
      [n.categories[1], 'Title', 1],
    ],
    bad: (n) => ({
      rows: [
        [n.categories[0], 'Images', 4],
        [n.categories[0], 'Smell', 2],
        [n.categories[1], 'Videos', 101],
      ],
      errors: [
        [3, 'Attribute', 'Smell', expect.stringMatching(/^Must be one of: Title, Bullet Points/)],
        [4, 'Minimum', '101', 'Must be at most 100.'],
      ],
    }),
    slices: (n) => [n.categories[0]!, n.categories[1]!].sort(),
    scoped: { column: 'Category', name: (n) => n.categories[0]!, at: 0 },
  },
  {
    route: 'uploads/setup/content/productContent',
    table: 'setup_product_content',
    header: [
      'Channel',
      'SKU Code',
      'Expected Title',
      'Minimum Images',
      'Minimum Bullet Points',
      'A+ Content',
    ],
    rows: (n) => [
      ['Amazon', n.skus[0], 'First title', 6, 5, 1],
      ['Amazon', n.skus[1], 'Second title', 4, 3, 0],
      ['Flipkart', n.skus[0], 'First title', 5, 5, 1],
    ],
    bad: (n) => ({
      rows: [
        ['Amazon', n.skus[0], 'Fine', 6, 5, 1],
        ['Amazon', n.skus[1], '', 4, 3, 0],
        ['Flipkart', n.skus[0], 'Fine', 'six', 5, 2],
      ],
      errors: [
        [3, 'Expected Title', '', 'Required value is missing.'],
        [4, 'Minimum Images', 'six', 'Must be a whole number.'],
        [4, 'A+ Content', '2', 'Must be at most 1.'],
      ],
    }),
    slices: () => ['Amazon', 'Flipkart'],
    scoped: { column: 'SKU Code', name: (n) => n.skus[0]!, at: 1 },
  },
  {
    route: 'uploads/setup/brandmappingdictionary/brandDictionary',
    table: 'setup_brand_dictionary',
    header: ['Channel', 'Crawled Brand Name', 'Brand'],
    rows: (n) => [
      ['Amazon', n.brands[0]!.toUpperCase(), n.brands[0]],
      ['Amazon', `${n.brands[1]} Official`, n.brands[1]],
      ['Flipkart', n.brands[0]!.toLowerCase(), n.brands[0]],
    ],
    bad: (n) => ({
      rows: [
        ['Amazon', 'X', n.brands[0]],
        ['Amazon', 'Y', 'No Such Brand'],
        ['Nowhere', 'Z', n.brands[0]],
      ],
      errors: [
        [3, 'Brand', 'No Such Brand', 'Unknown Brand "No Such Brand".'],
        [4, 'Channel', 'Nowhere', 'Unknown Channel "Nowhere".'],
      ],
    }),
    slices: () => ['Amazon', 'Flipkart'],
    scoped: { column: 'Brand', name: (n) => n.brands[0]!, at: 2 },
  },
];

describeUploadCases(CASES);
