import type { WarrantyState } from '@ricambi/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { WARRANTY_STATE_COLORS } from './warranty.form.ts';

/** Where a request is in the back office (statoAttivita), translated, in the state's colour. */
export const WarrantyStateTag = ({ state }: { state: WarrantyState }) => {
  const { t } = useTranslation();
  return (
    <Tag color={WARRANTY_STATE_COLORS[state]} data-state={state}>
      {t(`richiestagaranzia.state.${state}`)}
    </Tag>
  );
};
