export * from './numbers.js';
export * from './dates.js';
export * from './formatValue.js';
