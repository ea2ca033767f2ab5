import { CustomerServiceOutlined, SendOutlined, UserOutlined } from '@ant-design/icons';
import { TICKET_LIMITS, type Ticket, ticketNoteInputSchema } from '@ricambi/domain';
import { Button, Flex, Form, Input, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAddTicketNote } from '../../api/tickets.api.ts';
import { applyFieldErrors, zodRule } from '../../components/forms.ts';
import { describeError, showError, showSuccess } from '../../lib/alerts.ts';
import { formatDayTime } from '../../lib/format.ts';

type Values = { note: string };

/**
 * The notes of a ticket (spec 2 §4, §5): the thread, oldest first, each with its author, whether the
 * help desk or the customer wrote it, and when; then a new note (text required, 4000 at most), which
 * the other side is mailed. A successful note clears the field and the ticket is read again. Closed
 * more than 3 days ago, the ticket takes no more notes: the field says why.
 */
export const TicketNotes = ({ ticket, closedNoticeId }: { ticket: Ticket; closedNoticeId?: string }) => {
  const { t } = useTranslation();
  const add = useAddTicketNote();
  const [form] = Form.useForm<Values>();
  const open = ticket.aperto;

  const submit = async ({ note }: Values) => {
    try {
      await add.mutateAsync({ ticketId: ticket.id, note: note.trim() });
      form.resetFields();
      showSuccess(t('ticket.notes.added', { id: ticket.id }));
    } catch (error) {
      if (!applyFieldErrors(form, error, t)) showError(describeError(error));
    }
  };

  return (
    <Flex vertical gap={16}>
      {ticket.notes.length === 0 ? (
        <Typography.Text type="secondary" data-testid="tk-notes">
          {t('ticket.notes.none')}
        </Typography.Text>
      ) : (
        <ol className="tk-notes" data-testid="tk-notes" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {ticket.notes.map((n, i) => (
            <li
              // Notes are only ever added: their position is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: the thread is append-only
              key={i}
              style={{
                border: '1px solid #d9d9d9',
                borderInlineStart: `4px solid ${n.staff ? '#0958d9' : '#8c8c8c'}`,
                borderRadius: 4,
                padding: '8px 12px',
                marginBottom: 8,
                background: n.staff ? '#f0f5ff' : '#fff',
              }}
            >
              <Flex gap={8} wrap align="center" style={{ marginBottom: 4 }}>
                <Typography.Text strong>{n.author}</Typography.Text>
                <Tag
                  icon={n.staff ? <CustomerServiceOutlined /> : <UserOutlined />}
                  color={n.staff ? 'blue' : 'default'}
                >
                  {t(n.staff ? 'ticket.notes.staff' : 'ticket.notes.customer')}
                </Tag>
                <Typography.Text type="secondary">
                  <time dateTime={n.date}>{formatDayTime(n.date)}</time>
                </Typography.Text>
              </Flex>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{n.text}</Typography.Paragraph>
            </li>
          ))}
        </ol>
      )}
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={{ note: '' }} disabled={!open}>
        <Form.Item
          name="note"
          label={t('ticket.notes.new')}
          required
          validateFirst
          extra={open ? t('ticket.notes.mailHint') : t('ticket.notes.closedHint')}
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            zodRule(ticketNoteInputSchema.shape.note, t),
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 10 }}
            showCount
            maxLength={TICKET_LIMITS.note}
            aria-describedby={open ? undefined : closedNoticeId}
            data-testid="tk-note"
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SendOutlined />}
          loading={add.isPending}
          disabled={!open}
          data-testid="tk-note-submit"
        >
          {t('ticket.notes.submit')}
        </Button>
      </Form>
    </Flex>
  );
};
