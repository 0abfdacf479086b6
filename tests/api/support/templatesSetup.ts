import type { TestProject } from 'vitest/node';
import { dropTemplates } from './firstStartTemplate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Id of this run's first-start templates (firstStartTemplate.ts). */
    firstStartTemplateRun: string;
  }
}

/** Global setup of the API project: one template run per `vitest run`, removed when it ends. */
export default function setup(project: TestProject): () => Promise<void> {
  const run = Math.random().toString(36).slice(2, 10);
  project.provide('firstStartTemplateRun', run);
  return () => dropTemplates(run);
}
