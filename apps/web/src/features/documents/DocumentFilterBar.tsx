import { SearchOutlined } from '@ant-design/icons';
import { type ComboValue, DOCUMENT_BRAND_ALL, DOCUMENT_LIMITS, LANGUAGES, localizedText } from '@ricambi/domain';
import { Button, Col, Form, Input, Row, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useComboCategory } from '../../api/combos.api.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';
import {
  ALL_LANGUAGES,
  type DocumentAddress,
  type DocumentReader,
  type FilterChange,
  type FilterField,
  type LanguageChoice,
} from './documents.filters.ts';

/** The free text is sent once the typing has paused this long. */
const TERM_DEBOUNCE_MS = 300;

export type DocumentFilterBarProps = {
  address: DocumentAddress;
  reader: DocumentReader;
  brands: readonly ComboValue[];
  brandsLoading: boolean;
  /** The brand and the language the select show (the address's or the reader's defaults). */
  brand: string | undefined;
  lingua: LanguageChoice;
  errors: Partial<Record<FilterField, string>>;
  /** `replace`: the address is replaced, not pushed (the text, typed letter by letter). */
  onChange: (change: FilterChange, replace?: boolean) => void;
};

const errorOf = (message: string | undefined) =>
  message ? { validateStatus: 'error' as const, help: <span data-testid="doc-field-error">{message}</span> } : {};

/** Brand, document type, language, serial and free text (spec 2 §2): each change reloads the tree and the results. */
export const DocumentFilterBar = ({
  address,
  reader,
  brands,
  brandsLoading,
  brand,
  lingua,
  errors,
  onChange,
}: DocumentFilterBarProps) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const types = useComboCategory('tipodocumento');
  const [serial, setSerial] = useState(address.serial ?? '');
  const [term, setTerm] = useState(address.term ?? '');
  const debouncedTerm = useDebouncedValue(term, TERM_DEBOUNCE_MS);
  // The text last sent to the address: an address that brings another one (back, a link) is shown.
  const sentTerm = useRef(address.term ?? '');

  useEffect(() => setSerial(address.serial ?? ''), [address.serial]);
  useEffect(() => {
    if ((address.term ?? '') === sentTerm.current) return;
    sentTerm.current = address.term ?? '';
    setTerm(address.term ?? '');
  }, [address.term]);
  useEffect(() => {
    const next = debouncedTerm.trim();
    if (next === sentTerm.current) return;
    sentTerm.current = next;
    onChange({ term: next || undefined }, true);
  }, [debouncedTerm, onChange]);

  const label = (v: ComboValue) => localizedText(v.descrizione, lang) || v.id.chiave;
  const brandOptions = [
    ...(reader.anyBrand ? [{ value: DOCUMENT_BRAND_ALL, label: t('documenti.filter.brandAll') }] : []),
    ...brands.map((b) => ({ value: b.id.chiave, label: label(b) })),
  ];
  const bySerial = Boolean(address.serial);

  return (
    <section aria-label={t('documenti.filter.label')} className="documents-filters" style={{ marginBottom: 8 }}>
      <Form layout="vertical" component="div">
        <Row gutter={16}>
          <Col xs={24} sm={12} md={8} lg={5}>
            <Form.Item
              label={t('documenti.filter.brand')}
              htmlFor="doc-f-brand"
              style={{ marginBottom: 12 }}
              extra={bySerial && !errors.brand ? t('documenti.filter.brandBySerial') : undefined}
              {...errorOf(errors.brand)}
            >
              <Select
                id="doc-f-brand"
                value={brand}
                loading={brandsLoading}
                disabled={bySerial}
                showSearch={{ optionFilterProp: 'label' }}
                onChange={(value: string) => onChange({ brand: value })}
                options={brandOptions}
                data-testid="doc-f-brand"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8} lg={5}>
            <Form.Item
              label={t('documenti.filter.tipo')}
              htmlFor="doc-f-tipo"
              style={{ marginBottom: 12 }}
              {...errorOf(errors.tipoDocumento)}
            >
              <Select
                id="doc-f-tipo"
                allowClear
                placeholder={t('documenti.filter.tipoAny')}
                value={address.tipoDocumento}
                loading={types.isPending}
                showSearch={{ optionFilterProp: 'label' }}
                onChange={(value: string | undefined) => onChange({ tipoDocumento: value })}
                options={(types.data ?? []).map((v) => ({ value: v.id.chiave, label: label(v) }))}
                data-testid="doc-f-tipo"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8} lg={4}>
            <Form.Item
              label={t('documenti.filter.lingua')}
              htmlFor="doc-f-lingua"
              style={{ marginBottom: 12 }}
              {...errorOf(errors.lingua)}
            >
              <Select
                id="doc-f-lingua"
                value={lingua}
                onChange={(value: LanguageChoice) => onChange({ lingua: value })}
                options={[
                  { value: ALL_LANGUAGES, label: t('documenti.filter.linguaAll') },
                  ...LANGUAGES.map((l) => ({ value: l, label: t(`global.language.${l}`) })),
                ]}
                data-testid="doc-f-lingua"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={10} lg={5}>
            <Form.Item
              label={t('documenti.filter.serial')}
              htmlFor="doc-f-serial"
              style={{ marginBottom: 12 }}
              extra={errors.serial ? undefined : t('documenti.filter.serialHint')}
              {...errorOf(errors.serial)}
            >
              <Input.Search
                id="doc-f-serial"
                allowClear
                maxLength={DOCUMENT_LIMITS.serial}
                value={serial}
                placeholder={t('documenti.filter.serialPlaceholder')}
                onChange={(e) => setSerial(e.target.value.toUpperCase())}
                onSearch={(value) => onChange({ serial: value.trim().toUpperCase() || undefined })}
                enterButton={<Button icon={<SearchOutlined />} aria-label={t('documenti.filter.serialSearch')} />}
                autoComplete="off"
                spellCheck={false}
                data-testid="doc-f-serial"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={24} md={14} lg={5}>
            <Form.Item
              label={t('documenti.filter.term')}
              htmlFor="doc-f-term"
              style={{ marginBottom: 12 }}
              {...errorOf(errors.term)}
            >
              <Input
                id="doc-f-term"
                type="search"
                allowClear
                maxLength={DOCUMENT_LIMITS.term}
                value={term}
                placeholder={t('documenti.filter.termPlaceholder')}
                onChange={(e) => setTerm(e.target.value)}
                data-testid="doc-f-term"
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </section>
  );
};
