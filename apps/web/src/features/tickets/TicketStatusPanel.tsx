import { SwapOutlined } from '@ant-design/icons';
import { TICKET_CLOSED, TICKET_STATUSES, type Ticket, type TicketStatus } from '@ricambi/domain';
import { App, Button, Flex, Form, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeTicketStatus } from '../../api/tickets.api.ts';
import { describeError, showError, showSuccess } from '../../lib/alerts.ts';

/**
 * The help desk sets a ticket's status (ROLE_INTERNAL): new, in progress, waiting for the customer
 * (46) or closed (3, after a confirmation dialog). Waiting and closing are mailed to the customer.
 */
export const TicketStatusPanel = ({ ticket }: { ticket: Ticket }) => {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const change = useChangeTicketStatus();
  const [next, setNext] = useState<TicketStatus>(ticket.status as TicketStatus);
  const unchanged = next === ticket.status;

  const apply = async () => {
    try {
      const saved = await change.mutateAsync({ id: ticket.id, status: next });
      showSuccess(t('ticket.statusChange.done', { id: saved.id, status: t(`ticket.status.${saved.status}`) }));
    } catch (error) {
      showError(describeError(error));
    }
  };

  const submit = () => {
    if (next !== TICKET_CLOSED) return void apply();
    // Closing is mailed to the customer and starts the 3 days: asked first.
    modal.confirm({
      title: t('ticket.statusChange.closeQuestion', { id: ticket.id }),
      content: t('ticket.statusChange.closeHint'),
      okText: t('ticket.statusChange.closeConfirm'),
      cancelText: t('entity.action.cancel'),
      autoFocusButton: 'cancel',
      keyboard: true,
      onOk: apply,
    });
  };

  return (
    <Flex vertical gap={8} style={{ maxWidth: 640 }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('ticket.statusChange.mailHint')}
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label={t('ticket.statusChange.next')} htmlFor="tk-status-select" style={{ marginBottom: 12 }}>
          <Select<TicketStatus>
            id="tk-status-select"
            value={next}
            onChange={setNext}
            options={TICKET_STATUSES.map((s) => ({ value: s, label: t(`ticket.status.${s}`) }))}
            style={{ maxWidth: 320 }}
            data-testid="tk-status"
          />
        </Form.Item>
      </Form>
      <div>
        <Button
          type="primary"
          icon={<SwapOutlined />}
          loading={change.isPending}
          disabled={unchanged}
          onClick={submit}
          data-testid="tk-status-submit"
        >
          {t('ticket.statusChange.submit')}
        </Button>
      </div>
    </Flex>
  );
};
