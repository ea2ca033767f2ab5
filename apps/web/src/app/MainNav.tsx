import { MenuOutlined } from '@ant-design/icons';
import { Button, Dropdown, Menu, type MenuProps } from 'antd';
import { useCallback, useState } from 'react';
import { NavCopyContext } from '../lib/navigation.ts';

type Items = NonNullable<MenuProps['items']>;

/**
 * The main navigation: a horizontal menu when every entry fits beside the other header controls,
 * else one menu button that lists them all. antd's own overflow folds entries into "…" where
 * they stay focusable while hidden from screen readers; it is switched off.
 */
export const MainNav = ({
  items,
  selectedKey,
  label,
  color,
  wide,
  badges,
}: {
  items: Items;
  selectedKey: string;
  label: string;
  color: string;
  /** Wide enough for a horizontal menu at all (antd's lg breakpoint). */
  wide: boolean;
  /** Counts of the entries (e.g. tickets waiting), repeated on the menu button while the entries are folded in it. */
  badges?: React.ReactNode;
}) => {
  const [fits, setFits] = useState(true);

  // Set up when the hidden copy mounts (after the account's entries arrive), torn down with it.
  const measureRef = useCallback((measure: HTMLDivElement | null) => {
    const box = measure?.parentElement;
    if (!measure || !box) return;
    const check = () => setFits(measure.scrollWidth <= box.clientWidth);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(box);
    observer.observe(measure);
    return () => observer.disconnect();
  }, []);

  if (items.length === 0) return <div style={{ flex: 1 }} />;
  const horizontal = wide && fits;
  return (
    <nav aria-label={label} style={{ flex: 1, minWidth: 0, position: 'relative' }}>
      {wide ? (
        // The menu at its natural width, never shown: tells whether it fits. Its box is the nav's and
        // clips it, so that a menu wider than the screen does not widen the page.
        <div
          aria-hidden
          style={{ position: 'absolute', inset: 0, overflow: 'hidden', visibility: 'hidden', pointerEvents: 'none' }}
        >
          <div ref={measureRef} style={{ width: 'max-content' }}>
            <NavCopyContext.Provider value="measure">
              <Menu theme="dark" mode="horizontal" disabledOverflow items={items} style={{ borderBottom: 'none' }} />
            </NavCopyContext.Provider>
          </div>
        </div>
      ) : null}
      {horizontal ? (
        <Menu
          theme="dark"
          mode="horizontal"
          disabledOverflow
          selectedKeys={[selectedKey]}
          style={{ borderBottom: 'none' }}
          items={items}
        />
      ) : (
        <NavCopyContext.Provider value="folded">
          <Dropdown trigger={['click']} menu={{ selectedKeys: [selectedKey], items }}>
            <Button type="text" icon={<MenuOutlined />} style={{ color }} data-testid="main-menu">
              {label}
              <NavCopyContext.Provider value="shown">{badges}</NavCopyContext.Provider>
            </Button>
          </Dropdown>
        </NavCopyContext.Provider>
      )}
    </nav>
  );
};
