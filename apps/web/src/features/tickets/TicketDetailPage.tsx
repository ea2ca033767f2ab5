import { ArrowLeftOutlined, BellOutlined, FilePdfOutlined } from '@ant-design/icons';
import { hasAnyAuthority, TICKET_STAFF_ROLES, type Ticket } from '@ricambi/domain';
import { useNavigate, useParams } from '@tanstack/react-router';
import { Alert, Button, Card, Descriptions, Flex, Spin, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import { useComboList } from '../../api/combos.api.ts';
import { ApiError, http } from '../../api/http.ts';
import { ticketPdfUrl, useTicket } from '../../api/tickets.api.ts';
import { describeError, showError } from '../../lib/alerts.ts';
import { formatDayTime } from '../../lib/format.ts';
import { TicketFiles } from './TicketFiles.tsx';
import { TicketNotes } from './TicketNotes.tsx';
import { TicketStatusPanel } from './TicketStatusPanel.tsx';
import { TicketStatusTag } from './TicketStatusTag.tsx';
import { closedWindowOf, customerOf, locationLabel, locationOptions, waitsForMe } from './tickets.form.ts';

const CLOSED_NOTICE_ID = 'tk-closed-notice';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section style={{ marginTop: 24 }}>
    <Typography.Title level={2} style={{ fontSize: 18 }}>
      {title}
    </Typography.Title>
    {children}
  </section>
);

/** Closed: when, and until when notes and files are (or were) accepted (spec 2 §4: 3 days). */
const ClosedNotice = ({ ticket }: { ticket: Ticket }) => {
  const { t } = useTranslation();
  const closed = closedWindowOf(ticket);
  if (!closed) return null;
  const text = closed.closedAt
    ? t(closed.open ? 'ticket.closed.open' : 'ticket.closed.over', {
        closed: formatDayTime(closed.closedAt),
        until: formatDayTime(closed.until),
      })
    : t('ticket.closed.noDate');
  return (
    <Alert
      id={CLOSED_NOTICE_ID}
      type={closed.open ? 'info' : 'warning'}
      showIcon
      title={text}
      style={{ marginBottom: 16 }}
      data-testid="tk-closed"
    />
  );
};

/** Why a ticket cannot be shown: unknown (404), another customer's (403), or the call failed. */
const failureText = (error: unknown, t: (key: string) => string) =>
  error instanceof ApiError && error.status === 404 ? t('ticket.error.notFound') : describeError(error);

/**
 * One ticket (spec 2 §2–§5, §9): every field, read-only (locked once created), the notes thread with
 * a new note, the files with one more, the PDF with its notes; for the help desk the customer and
 * the status (46 waits for the customer, 3 closes). Closed, it takes notes and files for 3 days.
 */
export const TicketDetailPage = () => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const account = useAccount();
  const staff = hasAnyAuthority(account?.authorities, TICKET_STAFF_ROLES);
  const params = useParams({ strict: false }) as { id?: string };
  const id = /^\d+$/.test(params.id ?? '') ? Number(params.id) : Number.NaN;
  const record = useTicket(id);
  const locations = locationOptions(useComboList('collocazioneProblema').data ?? [], lang);
  const [pdfBusy, setPdfBusy] = useState(false);
  const data = record.data;

  const back = () => void navigate({ to: '/ticket' });

  if (!Number.isInteger(id) || id <= 0 || record.isError)
    return (
      <Card>
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
          {t('ticket.detail.pageTitle')}
        </Typography.Title>
        <Alert
          type="error"
          showIcon
          role="alert"
          title={record.isError ? failureText(record.error, t) : t('ticket.error.notFound')}
          data-testid="tk-error"
        />
        <Button icon={<ArrowLeftOutlined />} onClick={back} style={{ marginTop: 16 }}>
          {t('entity.action.back')}
        </Button>
      </Card>
    );
  if (!data) return <Spin size="large" style={{ display: 'block', margin: '64px auto' }} />;

  const pdf = async () => {
    setPdfBusy(true);
    try {
      await http.download(ticketPdfUrl(data.id, lang), `ticket-${data.id}.pdf`);
    } catch (error) {
      showError(describeError(error));
    } finally {
      setPdfBusy(false);
    }
  };

  const fields = [
    { key: 'id', label: t('ticket.field.id'), children: data.id },
    { key: 'insert_time', label: t('ticket.field.insertTime'), children: formatDayTime(data.insert_time) },
    ...(staff
      ? [
          { key: 'customer', label: t('ticket.field.customer'), children: customerOf(data) },
          { key: 'assegnatario', label: t('ticket.field.assegnatario'), children: data.assegnatario ?? '–' },
        ]
      : []),
    { key: 'status', label: t('ticket.field.status'), children: <TicketStatusTag status={data.status} /> },
    ...(data.close_time
      ? [{ key: 'close_time', label: t('ticket.field.closeTime'), children: formatDayTime(data.close_time) }]
      : []),
    { key: 'matricola', label: t('ticket.field.matricola'), children: data.matricola },
    { key: 'modello', label: t('ticket.field.modello'), children: data.modello || '–' },
    { key: 'dataGaranzia', label: t('ticket.field.dataGaranzia'), children: data.dataGaranzia ?? '–' },
    { key: 'oreUtilizzo', label: t('ticket.field.oreUtilizzo'), children: data.oreUtilizzo },
    {
      key: 'tipologia',
      label: t('ticket.field.tipologia'),
      children: t(`ticket.type.${data.tipologiaKey}`, { defaultValue: String(data.tipologiaKey) }),
    },
    {
      key: 'collocazione',
      label: t('ticket.field.collocazione'),
      children: locationLabel(data.collocazioneKey, locations),
    },
    {
      key: 'urgenza',
      label: t('ticket.field.urgenza'),
      children: t(`ticket.urgency.${data.urgenzaClienteKey}`, { defaultValue: String(data.urgenzaClienteKey) }),
    },
    {
      key: 'lingua',
      label: t('ticket.field.lingua'),
      children: t(`global.language.${data.lingua}`, { defaultValue: data.lingua }),
    },
    { key: 'title', label: t('ticket.field.title'), children: data.title, span: 'filled' as const },
    {
      key: 'descrizione',
      label: t('ticket.field.descrizione'),
      children: <span style={{ whiteSpace: 'pre-wrap' }}>{data.clientDescription || '–'}</span>,
      span: 'filled' as const,
    },
  ];

  return (
    <Card>
      <Flex justify="space-between" align="start" wrap gap={8}>
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
          {t('ticket.detail.title', { id: data.id, title: data.title })}
        </Typography.Title>
        <Flex gap={4} wrap style={{ marginBottom: 8 }}>
          {waitsForMe(data, staff) ? (
            <Tag color="red" icon={<BellOutlined />} data-testid="tk-waiting">
              {t('ticket.list.waitingForYou')}
            </Tag>
          ) : null}
          <TicketStatusTag status={data.status} />
        </Flex>
      </Flex>
      <ClosedNotice ticket={data} />
      <Typography.Paragraph type="secondary">{t('ticket.detail.locked')}</Typography.Paragraph>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2, xl: 3 }}
        items={fields}
        data-testid="tk-fields"
      />
      <Flex gap={8} wrap style={{ marginTop: 16 }}>
        <Button icon={<ArrowLeftOutlined />} onClick={back}>
          {t('entity.action.back')}
        </Button>
        <Button icon={<FilePdfOutlined />} onClick={() => void pdf()} loading={pdfBusy} data-testid="tk-pdf">
          {t('ticket.detail.pdf')}
        </Button>
      </Flex>

      <Section title={t('ticket.notes.title')}>
        <TicketNotes ticket={data} closedNoticeId={CLOSED_NOTICE_ID} />
      </Section>
      <Section title={t('ticket.files.title')}>
        <TicketFiles ticket={data} />
      </Section>
      {staff ? (
        <Section title={t('ticket.statusChange.title')}>
          <TicketStatusPanel key={data.status} ticket={data} />
        </Section>
      ) : null}
    </Card>
  );
};
