/** What each demo tenant sells: label categories, categories, brands. All names are fictional. */
export interface CategorySpec {
  name: string;
  /** Product nouns, e.g. 'Potato Chips'. */
  nouns: readonly string[];
  variants: readonly string[];
  /** Pack label and its MRP in rupees. */
  packs: readonly (readonly [string, number])[];
  /** Generic search terms; the first is the category's head term. */
  terms: readonly string[];
  /** Misspellings and synonyms shoppers type. */
  misspellings: readonly string[];
  occasions: readonly string[];
  aspects: readonly string[];
}

export interface LabelSpec {
  name: string;
  categories: readonly CategorySpec[];
}

export interface Theme {
  labels: readonly LabelSpec[];
  ownBrands: readonly string[];
  competitorBrands: readonly string[];
}

const FOOD_ASPECTS = ['Taste', 'Packaging', 'Price', 'Quantity', 'Freshness', 'Delivery'];
const CARE_ASPECTS = ['Fragrance', 'Effectiveness', 'Packaging', 'Price', 'Skin Feel', 'Delivery'];

export const THEMES: readonly Theme[] = [
  {
    // Brand i sells in label i % labels: keep the lists in label order (Snacks, Beverages, Care).
    ownBrands: ['Crunchy Bites', 'FizzUp', 'Glow Naturals', 'Nutri Crunch', 'Morning Brew'],
    competitorBrands: [
      'Tasty Crisp',
      'ColaKing',
      'Silky Locks',
      'Bharat Snacks',
      'Pure Leaf Co',
      'Dentafresh',
    ],
    labels: [
      {
        name: 'Snacks',
        categories: [
          {
            name: 'Chips & Crisps',
            nouns: ['Potato Chips', 'Nachos', 'Banana Chips'],
            variants: ['Classic Salted', 'Masala Magic', 'Cream & Onion', 'Peri Peri', 'Tomato Tango'],
            packs: [
              ['52 g', 20],
              ['90 g', 40],
              ['150 g', 60],
            ],
            terms: ['potato chips', 'chips', 'nachos'],
            misspellings: ['potatoe chips', 'chipps'],
            occasions: ['party snacks', 'diwali snacks'],
            aspects: FOOD_ASPECTS,
          },
          {
            name: 'Namkeen',
            nouns: ['Bhujia', 'Aloo Sev', 'Mixture', 'Moong Dal'],
            variants: ['Classic', 'Spicy', 'Khatta Meetha', 'Lite'],
            packs: [
              ['200 g', 55],
              ['400 g', 99],
              ['1 kg', 230],
            ],
            terms: ['namkeen', 'bhujia'],
            misspellings: ['namkin', 'bujia'],
            occasions: ['holi namkeen', 'tea time snacks'],
            aspects: FOOD_ASPECTS,
          },
          {
            name: 'Biscuits & Cookies',
            nouns: ['Cookies', 'Cream Biscuits', 'Digestive Biscuits'],
            variants: ['Choco Chip', 'Butter', 'Elaichi', 'Oats', 'Bourbon'],
            packs: [
              ['100 g', 30],
              ['250 g', 70],
              ['600 g', 150],
            ],
            terms: ['biscuits', 'cookies'],
            misspellings: ['biscuts', 'cookis'],
            occasions: ['gift hamper cookies'],
            aspects: FOOD_ASPECTS,
          },
        ],
      },
      {
        name: 'Beverages',
        categories: [
          {
            name: 'Soft Drinks',
            nouns: ['Cola', 'Lemon Soda', 'Orange Fizz'],
            variants: ['Regular', 'Zero Sugar', 'Masala'],
            packs: [
              ['250 ml', 20],
              ['750 ml', 40],
              ['2 l', 95],
            ],
            terms: ['soft drinks', 'cold drink'],
            misspellings: ['sof drink', 'coldrink'],
            occasions: ['party drinks'],
            aspects: FOOD_ASPECTS,
          },
          {
            name: 'Juices',
            nouns: ['Mango Drink', 'Mixed Fruit Juice', 'Orange Juice'],
            variants: ['No Added Sugar', 'Classic', 'Pulpy'],
            packs: [
              ['200 ml', 20],
              ['1 l', 110],
            ],
            terms: ['fruit juice', 'juice'],
            misspellings: ['jucie'],
            occasions: ['summer drinks'],
            aspects: FOOD_ASPECTS,
          },
          {
            name: 'Tea & Coffee',
            nouns: ['Green Tea', 'Instant Coffee', 'Masala Chai', 'Filter Coffee'],
            variants: ['Classic', 'Premium', 'Tulsi', 'Strong'],
            packs: [
              ['100 g', 160],
              ['250 g', 320],
              ['500 g', 560],
            ],
            terms: ['tea', 'coffee', 'green tea'],
            misspellings: ['cofee', 'gren tea'],
            occasions: ['diwali gift tea'],
            aspects: FOOD_ASPECTS,
          },
        ],
      },
      {
        name: 'Personal Care',
        categories: [
          {
            name: 'Shampoo',
            nouns: ['Shampoo', 'Anti-Dandruff Shampoo', 'Conditioner'],
            variants: ['Aloe Vera', 'Onion', 'Keratin Smooth', 'Hibiscus'],
            packs: [
              ['180 ml', 160],
              ['340 ml', 290],
              ['650 ml', 499],
            ],
            terms: ['shampoo', 'hair conditioner'],
            misspellings: ['shampo', 'shampu'],
            occasions: ['wedding hair care'],
            aspects: CARE_ASPECTS,
          },
          {
            name: 'Soap & Body Wash',
            nouns: ['Bathing Bar', 'Body Wash', 'Handwash'],
            variants: ['Sandal', 'Neem', 'Lime Fresh', 'Rose'],
            packs: [
              ['4 x 100 g', 180],
              ['250 ml', 199],
              ['750 ml', 399],
            ],
            terms: ['soap', 'body wash', 'handwash'],
            misspellings: ['sope', 'bodywash'],
            occasions: ['monsoon hygiene'],
            aspects: CARE_ASPECTS,
          },
          {
            name: 'Oral Care',
            nouns: ['Toothpaste', 'Mouthwash', 'Toothbrush'],
            variants: ['Herbal', 'Whitening', 'Sensitive', 'Charcoal'],
            packs: [
              ['100 g', 65],
              ['150 g', 99],
              ['250 ml', 140],
            ],
            terms: ['toothpaste', 'mouthwash'],
            misspellings: ['tooth paste', 'toothpast'],
            occasions: ['kids oral care'],
            aspects: CARE_ASPECTS,
          },
        ],
      },
    ],
  },
  {
    ownBrands: ['Rival Dairy', 'Golden Harvest', 'Rival Kitchen'],
    competitorBrands: ['Amrit Milk', 'Desi Grains', 'Himalaya Farms', 'Sunrise Oils'],
    labels: [
      {
        name: 'Dairy',
        categories: [
          {
            name: 'Milk & Curd',
            nouns: ['Toned Milk', 'Curd', 'Buttermilk'],
            variants: ['Fresh', 'Probiotic', 'Masala'],
            packs: [
              ['500 ml', 30],
              ['1 l', 58],
            ],
            terms: ['milk', 'curd'],
            misspellings: ['dahi', 'mlik'],
            occasions: ['navratri dairy'],
            aspects: FOOD_ASPECTS,
          },
          {
            name: 'Cheese & Butter',
            nouns: ['Cheese Slices', 'Butter', 'Paneer'],
            variants: ['Classic', 'Garlic', 'Low Fat'],
            packs: [
              ['100 g', 60],
              ['200 g', 115],
              ['500 g', 275],
            ],
            terms: ['cheese', 'butter', 'paneer'],
            misspellings: ['chese', 'buter'],
            occasions: ['party cheese'],
            aspects: FOOD_ASPECTS,
          },
        ],
      },
      {
        name: 'Staples',
        categories: [
          {
            name: 'Atta & Rice',
            nouns: ['Whole Wheat Atta', 'Basmati Rice', 'Sona Masoori Rice'],
            variants: ['Premium', 'Classic', 'Multigrain'],
            packs: [
              ['1 kg', 70],
              ['5 kg', 320],
              ['10 kg', 610],
            ],
            terms: ['atta', 'basmati rice'],
            misspellings: ['aata', 'basmathi'],
            occasions: ['festive rice'],
            aspects: FOOD_ASPECTS,
          },
          {
            name: 'Edible Oil',
            nouns: ['Sunflower Oil', 'Mustard Oil', 'Groundnut Oil'],
            variants: ['Refined', 'Cold Pressed', 'Kachi Ghani'],
            packs: [
              ['1 l', 180],
              ['5 l', 850],
            ],
            terms: ['cooking oil', 'mustard oil'],
            misspellings: ['sunflower oli'],
            occasions: ['festive cooking oil'],
            aspects: FOOD_ASPECTS,
          },
        ],
      },
    ],
  },
];
