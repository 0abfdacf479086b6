// @vitest-environment happy-dom
/**
 * Every story renders: each *.stories.tsx of the client is composed with the Storybook preview
 * (composeStories) and mounted, so a story that no longer builds or throws on render fails here,
 * in seconds, instead of in a full `storybook build` (npm run storybook:build still makes the site).
 */
import type { ComponentType } from 'react';
import { cleanup, render } from '@testing-library/react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { afterEach, describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview.js';

setProjectAnnotations(preview);

type StoryModule = Parameters<typeof composeStories>[0];
const storyFiles = import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true });

afterEach(cleanup);

describe('stories', () => {
  it('finds the stories next to the widgets', () => {
    expect(Object.keys(storyFiles).length).toBeGreaterThanOrEqual(9);
  });

  for (const [file, module] of Object.entries(storyFiles)) {
    describe(file, () => {
      // A glob's modules are untyped: each composed story is a component taking no props.
      const stories = Object.entries<ComponentType>(composeStories(module));
      for (const [name, Story] of stories) {
        it(`${name} renders`, () => {
          const { container } = render(<Story />);
          expect(container.childElementCount).toBeGreaterThan(0);
        });
      }
    });
  }
});
