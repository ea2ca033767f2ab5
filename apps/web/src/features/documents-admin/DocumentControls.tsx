import { type ComboValue, type CrDocumenti, LANGUAGES, localizedText } from '@ricambi/domain';
import { Link } from '@tanstack/react-router';
import { Input, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_ENTITIES, type DocumentComboSource, useDocumentCombo } from '../../api/documents-admin.api.ts';
import { i18next } from '../../i18n/index.ts';
import { DATEPICKER_FORMAT } from '../../lib/format.ts';
import { type ControlProps, LookupSelect } from '../catalogue-admin/CatalogueControls.tsx';

/** A lookup value in the user's language (its key when it has no text). */
export const comboText = (combo: ComboValue | null | undefined, lang: string) =>
  combo ? localizedText(combo.descrizione, lang) || combo.id.chiave : '';

/** A select over a document's lookup list (brands, types, categories); sends the key. */
export const ComboSelect = ({
  source,
  id,
  value,
  onChange,
  disabled,
}: ControlProps & { source: DocumentComboSource }) => {
  const { t, i18n } = useTranslation();
  const list = useDocumentCombo(source);
  return (
    <Select
      id={id}
      value={(value as string | null | undefined) ?? undefined}
      onChange={(v) => onChange(v ?? null)}
      disabled={disabled}
      loading={list.isPending}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('crDocumenti.placeholder.choose')}
      options={(list.data ?? []).map((c) => ({ value: c.id.chiave, label: comboText(c, i18n.language) }))}
    />
  );
};

/** The text of a lookup key (the detail page, where the form holds keys). */
export const ComboLabel = ({ source, value }: { source: DocumentComboSource; value: unknown }) => {
  const { i18n } = useTranslation();
  const list = useDocumentCombo(source);
  if (value === null || value === undefined || value === '') return <>—</>;
  const found = list.data?.find((c) => c.id.chiave === value);
  return <>{found ? comboText(found, i18n.language) : String(value)}</>;
};

/** A calendar day as the pickers show it. */
export const formatDay = (iso: string | null | undefined) => (iso ? dayjs(iso).format(DATEPICKER_FORMAT) : '');

export const yesNoTag = (value: boolean, positive = 'green') => (
  <Tag color={value ? positive : 'default'}>{i18next.t(`crDocumenti.yesNo.${value}`)}</Tag>
);

/** Options of a file's language: the five languages, by their own names. */
export const linguaOptions = () => LANGUAGES.map((l) => ({ value: l, label: i18next.t(`global.language.${l}`) }));
export const linguaLabel = (lingua: string | null | undefined) =>
  lingua ? i18next.t(`global.language.${lingua}`, { defaultValue: lingua }) : '';

/** A document, linked to its detail page. */
export const DocumentLink = ({ doc }: { doc: Pick<CrDocumenti, 'id' | 'nome'> | null | undefined }) =>
  doc ? (
    <Link to="/crDocumenti/$id" params={{ id: String(doc.id) }}>
      {doc.nome || `#${doc.id}`}
    </Link>
  ) : (
    <>—</>
  );

/** A typeahead over the documents (by name or id); sends the id. */
export const DocumentSelect = (props: ControlProps) => (
  <LookupSelect<CrDocumenti>
    {...props}
    lookup={{
      entity: DOCUMENT_ENTITIES.documenti,
      apiPath: '/api/crDocumentis',
      label: (d) => `${d.id} · ${d.nome}`,
      placeholderKey: 'crDocumenti.placeholder.document',
      testId: 'document-select',
    }}
  />
);

/** A model of the machine models' list. */
export const ModelSelect = ({
  id,
  value,
  onChange,
  disabled,
  names,
  loading,
  status,
  ariaLabel,
  ariaDescribedBy,
}: ControlProps & {
  names: readonly string[];
  loading?: boolean;
  status?: 'error';
  ariaLabel?: string;
  ariaDescribedBy?: string;
}) => {
  const { t } = useTranslation();
  const current = (value as string | null | undefined) ?? undefined;
  // A row may name a model no longer in the list: it stays shown as it is.
  const all = current && !names.includes(current) ? [current, ...names] : names;
  return (
    <Select
      id={id}
      value={current}
      onChange={(v) => onChange(v ?? null)}
      disabled={disabled}
      loading={loading}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('crDocumenti.placeholder.model')}
      status={status}
      aria-label={ariaLabel}
      aria-describedby={ariaDescribedBy}
      aria-invalid={status === 'error' || undefined}
      options={all.map((n) => ({ value: n, label: n }))}
      style={{ width: '100%', minWidth: 160 }}
    />
  );
};

/** A serial bound, upper-cased as typed. */
export const SerialInput = ({ id, value, onChange, disabled }: ControlProps) => (
  <Input
    id={id}
    value={(value as string | null | undefined) ?? ''}
    onChange={(e) => onChange(e.target.value.toUpperCase())}
    disabled={disabled}
  />
);
