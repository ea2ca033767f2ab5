import { Badge } from 'antd';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useTicketCount } from '../../api/tickets.api.ts';
import { NavCopyContext } from '../../lib/navigation.ts';

/**
 * Beside the main menu's ticket entry, and on the menu's button while the entries are folded in it:
 * how many tickets wait for this user's answer (spec 2 §2), read every minute and after each change,
 * without reloading the page. Nothing while none wait.
 */
export const TicketNavBadge = () => {
  const { t } = useTranslation();
  const shown = useContext(NavCopyContext) === 'shown';
  const count = useTicketCount().data?.count ?? 0;
  if (count <= 0) return null;
  return (
    // The menu's entries are rendered more than once (measured, folded): the shown copy is the one named.
    <span data-testid={shown ? 'tk-badge' : undefined} data-count={count} style={{ marginInlineStart: 6 }}>
      <span aria-hidden>
        <Badge
          count={count}
          overflowCount={99}
          size="small"
          // #a8071a under white text: 7.6:1 (antd's default red is 3.9:1, below AA).
          style={{ backgroundColor: '#a8071a', boxShadow: 'none' }}
        />
      </span>
      <span className="visually-hidden">{t('ticket.badge', { count })}</span>
    </span>
  );
};
