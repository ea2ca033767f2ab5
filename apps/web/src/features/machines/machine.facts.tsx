import { businessToday, isLanguage, type Machine, OUTSIDE_FLEET } from '@ricambi/domain';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatOrderDate } from '../../lib/format.ts';

/** The machine's description in the interface language, else the one the server chose. */
export const machineDescription = (machine: Pick<Machine, 'mtDescr' | 'localizedDescrizione'>, lang: string) =>
  (isLanguage(lang) ? machine.localizedDescrizione[lang] : undefined) || machine.mtDescr;

/** Spec 2 §9: dates as dd/MM/yyyy. */
export const formatMachineDate = (iso: string | null) => formatOrderDate(iso, '');

export const isWarrantyExpired = (iso: string | null, today: string = businessToday()) =>
  iso !== null && iso.slice(0, 10) < today;

/** The warranty end date; an expired one in red and said in words. */
export const WarrantyEnd = ({ iso }: { iso: string | null }) => {
  const { t } = useTranslation();
  if (!iso) return <span>–</span>;
  if (!isWarrantyExpired(iso)) return <span data-warranty="valid">{formatMachineDate(iso)}</span>;
  return (
    <span className="machine-warranty-expired" data-warranty="expired">
      {formatMachineDate(iso)} ({t('machines.warranty.expired')})
    </span>
  );
};

/** mt_cli_descr: `_ff_` means the machine is outside the fleet (spec 2 §2). */
export const CustomerText = ({ value }: { value: string | null }) => {
  const { t } = useTranslation();
  if (value === OUTSIDE_FLEET) return <Tag data-testid="outside-fleet">{t('machines.outsideFleet')}</Tag>;
  return <span>{value ?? '–'}</span>;
};

/**
 * The facts of a machine for a Descriptions list. Version and catalogue code are null for
 * subdealers (spec 2 §2): those entries are left out.
 */
export const machineFacts = (machine: Machine, t: TFunction, crCodice: string | null) => [
  ...(machine.mt_versione !== null
    ? [{ key: 'version', label: t('machines.field.version'), children: machine.mt_versione }]
    : []),
  ...(crCodice !== null || machine.mt_cr_cod !== null
    ? [{ key: 'code', label: t('machines.field.code'), children: crCodice ?? machine.mt_cr_cod }]
    : []),
  { key: 'delivery', label: t('machines.field.delivery'), children: machine.mt_dt_cons_txt ?? '–' },
  {
    key: 'warranty',
    label: t('machines.field.warranty'),
    children: <WarrantyEnd iso={machine.dataFineGaranzia} />,
  },
  { key: 'dealer', label: t('machines.field.dealer'), children: machine.mt_riv_descr ?? '–' },
  { key: 'customer', label: t('machines.field.customer'), children: <CustomerText value={machine.mt_cli_descr} /> },
];
