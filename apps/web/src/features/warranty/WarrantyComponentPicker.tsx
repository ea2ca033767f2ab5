import { WARRANTY_COMPONENT_MIN_CHARS } from '@ricambi/domain';
import { Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWarrantyComponents } from '../../api/warranty.api.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';

/** Spec 2 §5, §9: the component search waits 200 ms after typing. */
const COMPONENT_DEBOUNCE_MS = 200;

/**
 * The component (codiceComponente) among the parts of the machine's own catalogue (spec 2 §5): the
 * search starts at 3 characters, 200 ms after typing stops, and is disabled until the serial is found.
 */
export const WarrantyComponentPicker = ({
  id,
  value,
  onChange,
  matricola,
  enabled,
  disabled,
  savedLabel,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** A serial the check found: the catalogue searched. */
  matricola: string;
  enabled: boolean;
  disabled?: boolean;
  /** The saved component's description, to show the saved code before any search. */
  savedLabel?: string | null;
}) => {
  const { t, i18n } = useTranslation();
  const [typed, setTyped] = useState('');
  const q = useDebouncedValue(typed.trim(), COMPONENT_DEBOUNCE_MS);
  const components = useWarrantyComponents(matricola, q, i18n.language, enabled && !disabled);
  const options = (q.length >= WARRANTY_COMPONENT_MIN_CHARS ? (components.data ?? []) : []).map((c) => ({
    value: c.codice,
    label: `${c.codice} – ${c.descrizione}`,
  }));
  if (value && !options.some((o) => o.value === value))
    options.unshift({ value, label: savedLabel ? `${value} – ${savedLabel}` : value });
  const tooShort = typed.trim().length < WARRANTY_COMPONENT_MIN_CHARS;

  return (
    <Select
      id={id}
      value={value}
      onChange={(v?: string) => onChange?.(v || undefined)}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      disabled={disabled || !enabled}
      // Without a valid serial the field's help says why it is disabled.
      placeholder={enabled ? t('richiestagaranzia.component.placeholder') : undefined}
      loading={components.isFetching}
      options={options}
      notFoundContent={
        tooShort ? (
          t('richiestagaranzia.component.minChars', { min: WARRANTY_COMPONENT_MIN_CHARS })
        ) : components.isFetching || q !== typed.trim() ? (
          <Spin size="small" />
        ) : (
          t('richiestagaranzia.component.none')
        )
      }
      onOpenChange={(open) => {
        if (!open) setTyped('');
      }}
      data-testid="wr-component"
    />
  );
};
