import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { CART_LIMITS, CART_STATUS_ICON_MS } from '@ricambi/domain';
import type { TFunction } from 'i18next';
import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { describeError } from '../../lib/alerts.ts';

export type LineStatus = 'saving' | 'saved' | 'error';

/** Spec 1 §4 "Cart line save: updating, then a success or error icon shown for 4 s" (§9). */
export const useTimedStatus = () => {
  const [status, setStatus] = useState<LineStatus | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const set = useCallback((next: LineStatus | null) => {
    clearTimeout(timer.current);
    setStatus(next);
    if (next === 'saved' || next === 'error') timer.current = setTimeout(() => setStatus(null), CART_STATUS_ICON_MS);
  }, []);
  return [status, set] as const;
};

/** The last save of each line by id, each cleared after CART_STATUS_ICON_MS. */
export const useStatusMap = () => {
  const [statuses, setStatuses] = useState<Record<number, LineStatus>>({});
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all.values()) clearTimeout(timer);
    };
  }, []);
  const set = useCallback((id: number, next: LineStatus | null) => {
    clearTimeout(timers.current.get(id));
    setStatuses(({ [id]: _old, ...rest }) => (next ? { ...rest, [id]: next } : rest));
    if (next === 'saved' || next === 'error') {
      timers.current.set(
        id,
        setTimeout(() => setStatuses(({ [id]: _done, ...rest }) => rest), CART_STATUS_ICON_MS),
      );
    }
  }, []);
  return [statuses, set] as const;
};

/** Hidden on screen, read by screen readers. */
export const SR_ONLY: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

const COLORS: Record<LineStatus, string> = { saving: '#595959', saved: '#237804', error: '#a8071a' };

/**
 * The icon of a line's last save, with its text (announced: role status). `compact` shows the icon
 * only (the text on hover and for screen readers).
 */
export const LineStatusIcon = ({
  status,
  compact = false,
  testId,
}: {
  status: LineStatus | null;
  compact?: boolean;
  testId?: string;
}) => {
  const { t } = useTranslation();
  const label = status ? t(`cart.status.${status}`) : '';
  return (
    <span
      role="status"
      aria-live="polite"
      data-testid={testId}
      data-status={status ?? ''}
      title={label || undefined}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, color: status ? COLORS[status] : undefined }}
    >
      {status === 'saving' ? <LoadingOutlined aria-hidden /> : null}
      {status === 'saved' ? <CheckCircleFilled aria-hidden /> : null}
      {status === 'error' ? <CloseCircleFilled aria-hidden /> : null}
      {status ? <span style={compact ? SR_ONLY : { whiteSpace: 'nowrap' }}>{label}</span> : null}
    </span>
  );
};

const FIELDS = new Set(['quantita', 'dataRichiesta', 'serialNumber', 'nome']);
const MAX_LENGTH: Record<string, number> = {
  serialNumber: CART_LIMITS.serialNumber,
  nome: CART_LIMITS.savedCartName,
};

/** The text of a refused cart call: field errors with the cart's own field names, else the server message. */
export const describeCartError = (t: TFunction, error: unknown): string => {
  if (error instanceof ApiError && error.status === 400 && error.problem?.fieldErrors?.length) {
    return error.problem.fieldErrors
      .map((f) => {
        const field = f.field.split('.').at(-1) ?? f.field;
        const message = t(f.message, { max: MAX_LENGTH[field], ...f.params });
        return FIELDS.has(field) ? t('error.field', { name: t(`cart.field.${field}`), message }) : message;
      })
      .join(' · ');
  }
  if (error instanceof ApiError && error.problem?.message && error.problem.message !== 'error.internal') {
    const key = error.problem.message;
    if (key.startsWith('cart.') || key.startsWith('validation.')) return t(key, error.problem.params ?? {});
  }
  return describeError(error, 'cart.error.generic');
};
