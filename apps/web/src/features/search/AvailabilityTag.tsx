import { CheckCircleOutlined, ClockCircleOutlined, PhoneOutlined, TruckOutlined } from '@ant-design/icons';
import type { AvailabilityLabel } from '@ricambi/domain';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// Text colours darker than antd's status colours: 4.5:1 on the tag background (WCAG 1.4.3).
const LOOK: Record<AvailabilityLabel, { color: string; text: string; icon: ReactNode }> = {
  DISPONIBILE: { color: 'success', text: '#256e0c', icon: <CheckCircleOutlined /> },
  DISPONIBILE_5GG: { color: 'processing', text: '#0b4fb8', icon: <ClockCircleOutlined /> },
  IN_ARRIVO: { color: 'warning', text: '#8a3e00', icon: <TruckOutlined /> },
  TELEFONARE: { color: 'error', text: '#a8071a', icon: <PhoneOutlined /> },
};

/** Spec 1 §4 availability label; the words say it, colour and icon repeat it. */
export const AvailabilityTag = ({ label }: { label: AvailabilityLabel }) => {
  const { t } = useTranslation();
  return (
    <Tag
      color={LOOK[label].color}
      icon={LOOK[label].icon}
      style={{ marginInlineEnd: 0, color: LOOK[label].text }}
      data-availability={label}
    >
      {t(`availability.${label}`)}
    </Tag>
  );
};
