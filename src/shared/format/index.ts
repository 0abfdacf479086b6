export * from './numbers.js';
export * from './numberStyle.js';
export * from './dates.js';
export * from './formatValue.js';
export * from './tileValue.js';
