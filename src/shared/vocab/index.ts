export * from './vocabularies.js';
export * from './tones.js';
