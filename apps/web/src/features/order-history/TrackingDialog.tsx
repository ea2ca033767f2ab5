import { UnorderedListOutlined } from '@ant-design/icons';
import { TRACKING_PROGRESS, type TrackingEvent, type TrackingState } from '@ricambi/domain';
import { Alert, Button, Descriptions, Flex, Modal, Progress, Table, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { useTracking } from '../../api/order-history.api.ts';
import { describeError } from '../../lib/alerts.ts';
import { formatDayTime } from '../../lib/format.ts';

const STATE_COLORS: Record<TrackingState, string> = {
  INFO: 'default',
  IN_TRANSIT: 'blue',
  OUT_FOR_DELIVERY: 'gold',
  DELIVERED: 'green',
  EXCEPTION: 'red',
};

/** The steps shown while the carrier answers: one every 100 ms, never the last (that is the answer's). */
const useProgressSteps = (running: boolean) => {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(
      () => setStep((s) => Math.min(s + 1, TRACKING_PROGRESS.steps - 1)),
      TRACKING_PROGRESS.stepMs,
    );
    return () => clearInterval(timer);
  }, [running]);
  return step;
};

/** Why the tracking failed: the carrier knows nothing of the waybill (404), or it did not answer. */
const failureText = (error: unknown, t: (key: string) => string) =>
  error instanceof ApiError && error.status === 404
    ? t('storicoOrdine.tracking.notFound')
    : error instanceof ApiError && (error.status === 0 || error.status >= 500)
      ? t('storicoOrdine.tracking.unavailable')
      : describeError(error);

/**
 * The tracking dialog (spec 2 §4, §8): a bar fills over 10 s (100 steps of 100 ms) while the carrier
 * answers; on success it is full and green and the events can be shown; on failure it turns red,
 * says to retry in a few seconds and the dialog closes itself after 5 s.
 */
export const TrackingDialog = ({
  wayBill,
  slug,
  label,
  onClose,
}: {
  wayBill: string;
  slug: string | undefined;
  /** The waybill as the line shows it (wayBillTxt), when it differs. */
  label?: string;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const tracking = useTracking(wayBill, slug);
  const step = useProgressSteps(tracking.isPending);
  const [showEvents, setShowEvents] = useState(false);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!tracking.isError) return;
    const timer = setTimeout(() => close.current(), TRACKING_PROGRESS.errorCloseMs);
    return () => clearTimeout(timer);
  }, [tracking.isError]);

  const outcome = tracking.isSuccess ? 'success' : tracking.isError ? 'exception' : 'active';
  const percent = tracking.isPending ? Math.round((step / TRACKING_PROGRESS.steps) * 100) : 100;
  const data = tracking.data;

  return (
    <Modal
      open
      title={t('storicoOrdine.tracking.title', { wayBill: label || wayBill })}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-testid="oh-tracking-close">
          {t('storicoOrdine.tracking.close')}
        </Button>
      }
      width={760}
      data-testid="oh-tracking"
    >
      <Flex vertical gap={16}>
        <div aria-live="polite">
          <Progress
            percent={percent}
            status={outcome}
            showInfo={false}
            aria-label={t('storicoOrdine.tracking.progress')}
            data-testid="oh-tracking-progress"
            data-outcome={outcome}
          />
          <Typography.Text type={tracking.isError ? 'danger' : 'secondary'} data-testid="oh-tracking-message">
            {tracking.isPending
              ? t('storicoOrdine.tracking.loading')
              : tracking.isError
                ? `${failureText(tracking.error, t)} ${t('storicoOrdine.tracking.retry')}`
                : t(`storicoOrdine.tracking.found`, { count: data?.eventi.length ?? 0 })}
          </Typography.Text>
        </div>
        {data ? (
          <>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 3 }}
              items={[
                { key: 'wayBill', label: t('storicoOrdine.field.wayBill'), children: data.wayBill },
                { key: 'corriere', label: t('storicoOrdine.tracking.corriere'), children: data.corriere ?? '–' },
                {
                  key: 'stato',
                  label: t('storicoOrdine.tracking.stato'),
                  children: (
                    <Tag color={STATE_COLORS[data.stato]} data-testid="oh-tracking-state">
                      {t(`storicoOrdine.tracking.state.${data.stato}`)}
                    </Tag>
                  ),
                },
              ]}
            />
            {showEvents ? (
              <Table<TrackingEvent>
                size="small"
                rowKey={(e) => `${e.data}|${e.descrizione}`}
                dataSource={data.eventi}
                pagination={false}
                scroll={{ x: 'max-content', y: 360 }}
                locale={{ emptyText: t('storicoOrdine.tracking.noEvents') }}
                data-testid="oh-tracking-events"
                columns={[
                  {
                    key: 'data',
                    title: t('storicoOrdine.tracking.data'),
                    render: (_: unknown, e) => <span style={{ whiteSpace: 'nowrap' }}>{formatDayTime(e.data)}</span>,
                  },
                  { key: 'luogo', title: t('storicoOrdine.tracking.luogo'), render: (_: unknown, e) => e.luogo ?? '–' },
                  { key: 'descrizione', dataIndex: 'descrizione', title: t('storicoOrdine.tracking.descrizione') },
                  {
                    key: 'stato',
                    title: t('storicoOrdine.tracking.stato'),
                    render: (_: unknown, e) => (
                      <Tag color={STATE_COLORS[e.stato]}>{t(`storicoOrdine.tracking.state.${e.stato}`)}</Tag>
                    ),
                  },
                ]}
              />
            ) : (
              <Button
                type="primary"
                icon={<UnorderedListOutlined />}
                onClick={() => setShowEvents(true)}
                style={{ alignSelf: 'start' }}
                data-testid="oh-tracking-events-show"
              >
                {t('storicoOrdine.tracking.showEvents')}
              </Button>
            )}
          </>
        ) : null}
        {tracking.isError ? (
          <Alert type="error" showIcon title={t('storicoOrdine.tracking.closing')} data-testid="oh-tracking-error" />
        ) : null}
      </Flex>
    </Modal>
  );
};
