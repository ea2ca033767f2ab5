import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TICKET_STATUS_COLORS } from './tickets.form.ts';

/** A ticket's status (1 new, 2 in progress, 46 waiting for the customer, 3 closed), translated, in its colour. */
export const TicketStatusTag = ({ status }: { status: number }) => {
  const { t } = useTranslation();
  return (
    <Tag color={TICKET_STATUS_COLORS[status] ?? 'default'} data-status={status}>
      {t(`ticket.status.${status}`, { defaultValue: String(status) })}
    </Tag>
  );
};
