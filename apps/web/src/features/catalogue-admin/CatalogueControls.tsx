import { type LocalizedTexts, localizedText, TYPING_WAIT_MS } from '@ricambi/domain';
import { DatePicker, Select, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEntityItems, useEntitySuggestions } from '../../api/catalogue-admin.api.ts';
import { DATEPICKER_FORMAT } from '../../lib/format.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';

export type ControlProps = { id?: string; value: unknown; onChange: (v: unknown) => void; disabled: boolean };

type Lookup<T> = {
  /** Kit entity name (its cache) and API path of the list searched. */
  entity: string;
  apiPath: string;
  label: (row: T) => string;
  placeholderKey: string;
  testId?: string;
};

const idsOf = (value: unknown): number[] =>
  (Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : [value])
    .map(Number)
    .filter((n) => Number.isFinite(n));

/**
 * A typeahead over an entity (10 suggestions while typing); the chosen ids are labelled from their
 * items. Sends the id (or ids with `multiple`).
 */
export const LookupSelect = <T extends { id: number }>({
  id,
  value,
  onChange,
  disabled,
  multiple,
  lookup,
}: ControlProps & { multiple?: boolean; lookup: Lookup<T> }) => {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term.trim(), TYPING_WAIT_MS);
  const suggestions = useEntitySuggestions<T>(lookup.entity, lookup.apiPath, debounced, !disabled);
  const chosen = idsOf(value);
  const items = useEntityItems<T>(lookup.entity, lookup.apiPath, chosen);
  const options = (suggestions.data?.items ?? []).map((row) => ({ value: row.id, label: lookup.label(row) }));
  chosen.forEach((c, i) => {
    if (options.some((o) => o.value === c)) return;
    const row = items[i]?.data;
    options.unshift({ value: c, label: row ? lookup.label(row) : `#${c}` });
  });
  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? chosen : (chosen[0] ?? null)}
      onChange={(v) => onChange(v ?? null)}
      disabled={disabled}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTerm }}
      onBlur={() => setTerm('')}
      placeholder={t(lookup.placeholderKey)}
      notFoundContent={suggestions.isFetching ? <Spin size="small" /> : t('catalogueAdmin.lookup.none')}
      options={options}
      data-testid={lookup.testId}
    />
  );
};

/** A calendar day (yyyy-MM-dd on the wire, dd/MM/yyyy on screen). */
export const DateInput = ({ id, value, onChange, disabled }: ControlProps) => (
  <DatePicker
    id={id}
    value={typeof value === 'string' && value ? dayjs(value) : null}
    onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : null)}
    format={DATEPICKER_FORMAT}
    disabled={disabled}
    style={{ width: '100%' }}
  />
);

/** A five-language text in the user's language, cut to one line in lists. */
export const LocalizedCell = ({ texts, max = 320 }: { texts: LocalizedTexts | undefined; max?: number }) => {
  const { i18n } = useTranslation();
  const text = localizedText(texts, i18n.language);
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: max, display: 'block' }}>
      {text}
    </Typography.Text>
  );
};

/** A long text cut to one line, whole on hover. */
export const Clipped = ({ text, max = 320 }: { text: string | null | undefined; max?: number }) => (
  <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: max, display: 'block' }}>
    {text ?? ''}
  </Typography.Text>
);
