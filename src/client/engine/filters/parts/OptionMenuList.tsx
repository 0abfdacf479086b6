import { useLayoutEffect, useMemo, useRef } from 'react';
import { components, type GroupBase, type MenuListProps } from 'react-select';
import { isNearBottom } from './scrollAndLayout.js';

export interface SelectOption {
  value: string | number;
  label: string;
}

/**
 * A react-select MenuList that asks for the next page when scrolled within 2 px of the bottom
 * (docs/product-spec.md §5). react-select's own onMenuScrollToBottom follows wheel deltas, not that rule.
 */
export function useOptionMenuList(loadMore: () => void) {
  const ref = useRef(loadMore);
  // Layout effect, not a passive one: a scroll right after a page of options is painted must
  // reach the loadMore that knows that page (a passive effect may not have run yet).
  useLayoutEffect(() => {
    ref.current = loadMore;
  });
  return useMemo(
    () =>
      function OptionMenuList<IsMulti extends boolean>(
        props: MenuListProps<SelectOption, IsMulti, GroupBase<SelectOption>>,
      ) {
        return (
          <components.MenuList
            {...props}
            innerProps={{
              ...props.innerProps,
              onScroll: (e) => {
                if (isNearBottom(e.currentTarget)) ref.current();
              },
            }}
          />
        );
      },
    [],
  );
}
