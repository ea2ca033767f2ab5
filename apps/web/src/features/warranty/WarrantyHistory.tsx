import type { Warranty } from '@ricambi/domain';
import { Flex, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDayTime } from '../../lib/format.ts';
import { WarrantyStateTag } from './WarrantyStateTag.tsx';

/** The states a request went through (eventi), oldest first, with who moved it and the note. */
export const WarrantyHistory = ({ events }: { events: Warranty['eventi'] }) => {
  const { t } = useTranslation();
  if (events.length === 0)
    return <Typography.Text type="secondary">{t('richiestagaranzia.history.empty')}</Typography.Text>;
  return (
    <Timeline
      data-testid="wr-history"
      items={events.map((e, i) => ({
        key: `${e.data}-${i}`,
        content: (
          <Flex vertical gap={2}>
            <Flex gap={8} align="center" wrap>
              <WarrantyStateTag state={e.statoAttivita} />
              <Typography.Text type="secondary">
                {t('richiestagaranzia.history.by', { login: e.login, date: formatDayTime(e.data) })}
              </Typography.Text>
            </Flex>
            {e.nota ? <Typography.Text style={{ whiteSpace: 'pre-line' }}>{e.nota}</Typography.Text> : null}
          </Flex>
        ),
      }))}
    />
  );
};
