export * from './vocabularies.js';
