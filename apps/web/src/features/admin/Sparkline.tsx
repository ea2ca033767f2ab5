import { Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';

const WIDTH = 300;
const HEIGHT = 56;

/**
 * A small inline SVG line chart of the last values (no chart library). Gaps (null) are skipped;
 * the vertical scale starts at zero unless `fromMin` (memory, which never gets near zero).
 */
export const Sparkline = ({
  values,
  label,
  fromMin = false,
}: {
  values: (number | null)[];
  label: string;
  fromMin?: boolean;
}) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const known = values.filter((v): v is number => v !== null);
  if (known.length < 2) {
    return (
      <Typography.Text type="secondary" style={{ display: 'block', height: HEIGHT, lineHeight: `${HEIGHT}px` }}>
        {t('admin.metrics.charts.noData')}
      </Typography.Text>
    );
  }
  const max = Math.max(...known);
  const min = fromMin ? Math.min(...known) : 0;
  const span = max - min || 1;
  const step = WIDTH / Math.max(1, values.length - 1);
  const points = values.flatMap((v, i) =>
    v === null ? [] : [`${(i * step).toFixed(1)},${(HEIGHT - 2 - ((v - min) / span) * (HEIGHT - 4)).toFixed(1)}`],
  );
  const first = points[0]?.split(',')[0] ?? '0';
  const last = points.at(-1)?.split(',')[0] ?? String(WIDTH);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      width="100%"
      height={HEIGHT}
      role="img"
      aria-label={label}
      style={{ display: 'block' }}
    >
      <polygon
        points={`${first},${HEIGHT} ${points.join(' ')} ${last},${HEIGHT}`}
        fill={token.colorPrimary}
        opacity={0.12}
      />
      <polyline
        points={points.join(' ')}
        fill="none"
        stroke={token.colorPrimary}
        strokeWidth={2}
        vectorEffect="non-scaling-stroke"
        strokeLinejoin="round"
      />
    </svg>
  );
};
