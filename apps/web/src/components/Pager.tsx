import { PAGE_SIZE } from '@ricambi/domain';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const WINDOW = 5;

/** First, previous, five page numbers, next, last (spec 1 §9), and the item count. */
export const Pager = ({
  page,
  total,
  size = PAGE_SIZE,
  onChange,
  label,
}: {
  page: number;
  total: number;
  size?: number;
  onChange: (page: number) => void;
  /** The navigation's name when the page holds another pager (landmarks must be told apart). */
  label?: string;
}) => {
  const { t } = useTranslation();
  if (total === 0) return null;
  const last = Math.max(0, Math.ceil(total / size) - 1);
  const start = Math.max(0, Math.min(page - Math.floor(WINDOW / 2), last - WINDOW + 1));
  const pages = Array.from({ length: Math.min(WINDOW, last + 1) }, (_, i) => start + i);
  const from = total === 0 ? 0 : page * size + 1;
  const to = Math.min(total, (page + 1) * size);
  return (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 16 }}>
      <Typography.Text type="secondary">{t('entity.pager.showing', { from, to, total })}</Typography.Text>
      <nav aria-label={label ?? t('entity.pager.label')}>
        <Flex gap={4} wrap>
          <Button size="small" disabled={page === 0} onClick={() => onChange(0)} aria-label={t('entity.pager.first')}>
            «
          </Button>
          <Button
            size="small"
            disabled={page === 0}
            onClick={() => onChange(page - 1)}
            aria-label={t('entity.pager.previous')}
          >
            ‹
          </Button>
          {pages.map((p) => (
            <Button
              key={p}
              size="small"
              type={p === page ? 'primary' : 'default'}
              aria-current={p === page ? 'page' : undefined}
              onClick={() => onChange(p)}
            >
              {p + 1}
            </Button>
          ))}
          <Button
            size="small"
            disabled={page >= last}
            onClick={() => onChange(page + 1)}
            aria-label={t('entity.pager.next')}
          >
            ›
          </Button>
          <Button
            size="small"
            disabled={page >= last}
            onClick={() => onChange(last)}
            aria-label={t('entity.pager.last')}
          >
            »
          </Button>
        </Flex>
      </nav>
    </Flex>
  );
};
