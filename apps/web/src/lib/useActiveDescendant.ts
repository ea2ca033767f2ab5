import { useState } from 'react';

/**
 * antd's AutoComplete points the input's aria-activedescendant at `<id>_list_-1` while no option is
 * active, an element that does not exist. With `id` given to the AutoComplete, this names the
 * active option of a flat option list, or nothing; spread `inputProps` on the input inside.
 */
export const useActiveDescendant = (id: string, options: readonly { value: string }[]) => {
  const [active, setActive] = useState<string | null>(null);
  const index = active === null ? -1 : options.findIndex((o) => o.value === active);
  return {
    onActive: (value: string | null) => setActive(value),
    inputProps: { 'aria-activedescendant': index >= 0 ? `${id}_list_${index}` : undefined },
  };
};
