import { DownloadOutlined, EditOutlined, FilePdfOutlined, GlobalOutlined } from '@ant-design/icons';
import { type DocumentDownload, type DocumentResult, isLanguage, localizedText } from '@ricambi/domain';
import { Button, Flex, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentIconUrl, useDownloadDocument } from '../../api/documents.api.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { formatBytes, formatOrderDate } from '../../lib/format.ts';

type Model = DocumentResult['modelli'][number];

/** "EC35 (matricole A – B)": a model with the serials it covers. */
const serialsOf = (m: Model, t: TFunction) => {
  if (m.daMatricola && m.aMatricola)
    return t('documenti.result.serialRange', { from: m.daMatricola, to: m.aMatricola });
  if (m.daMatricola) return t('documenti.result.fromSerial', { from: m.daMatricola });
  if (m.aMatricola) return t('documenti.result.toSerial', { to: m.aMatricola });
  return t('documenti.result.allSerials');
};

const validityOf = (d: Pick<DocumentResult, 'daData' | 'aData'>, t: TFunction) => {
  const from = formatOrderDate(d.daData, '');
  const to = formatOrderDate(d.aData, '');
  if (from && to) return t('documenti.result.validRange', { from, to });
  if (from) return t('documenti.result.validFrom', { from });
  if (to) return t('documenti.result.validTo', { to });
  return t('documenti.result.validAlways');
};

/** A language as a tag: its code and its own name. */
const LanguageTag = ({ lingua, t }: { lingua: string; t: TFunction }) => (
  <Tag icon={<GlobalOutlined />} data-testid="doc-lingua">
    {isLanguage(lingua) ? t(`global.language.${lingua}`) : lingua.toUpperCase()}
  </Tag>
);

export type DocumentResultItemProps = {
  item: DocumentResult;
  /** Managers see the validity, the document's id, its flags and the edit button (spec 2 §6). */
  manager: boolean;
  /** What the download log keeps of this download (spec 2 §7). */
  logOf: (item: DocumentResult) => DocumentDownload;
};

/** One file of the results: its first page, what it is, for which machines, and its download. */
export const DocumentResultItem = ({ item, manager, logOf }: DocumentResultItemProps) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const download = useDownloadDocument();
  const [noPicture, setNoPicture] = useState(false);
  const title = item.descrizioneFile || item.nome;
  const type = localizedText(item.tipoDocumento, lang);
  const categories = item.categorie.map((c) => localizedText(c, lang)).filter(Boolean);

  return (
    <li className="documents-result" data-testid="doc-result" data-id={item.id}>
      <div className="documents-thumb">
        {item.icona && !noPicture ? (
          <img
            src={documentIconUrl(item.nomeFileFisico)}
            alt=""
            loading="lazy"
            decoding="async"
            width={72}
            height={100}
            onError={() => setNoPicture(true)}
            data-testid="doc-icon"
          />
        ) : (
          <FilePdfOutlined aria-hidden data-testid="doc-pdf-icon" />
        )}
      </div>
      <div className="documents-result-main">
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">
          <span className="article-code" data-testid="doc-code">
            {item.codice}
          </span>
          {item.nome && item.nome !== title ? ` · ${item.nome}` : ''}
        </Typography.Text>
        <Flex wrap gap={4} style={{ marginTop: 6 }}>
          {type ? <Tag color="blue">{type}</Tag> : null}
          <LanguageTag lingua={item.lingua} t={t} />
          <Tag>PDF · {formatBytes(item.sizeBytes, lang)}</Tag>
        </Flex>
        <dl className="documents-facts">
          {categories.length ? (
            <>
              <dt>{t('documenti.result.categorie')}</dt>
              <dd>{categories.join(' › ')}</dd>
            </>
          ) : null}
          <dt>{t('documenti.result.modelli')}</dt>
          <dd data-testid="doc-models">
            {item.modelli.length
              ? item.modelli.map((m, i) => (
                  <span key={`${m.modello}/${m.daMatricola ?? ''}/${m.aMatricola ?? ''}`}>
                    {i > 0 ? '; ' : ''}
                    <strong>{m.modello}</strong> ({serialsOf(m, t)})
                  </span>
                ))
              : t('documenti.result.noModels')}
          </dd>
        </dl>
        {manager ? (
          <Flex wrap gap={8} align="center" className="documents-manager" data-testid="doc-manager">
            <Typography.Text>
              {t('documenti.result.id')}: <strong data-testid="doc-id">{item.idDocumenti}</strong>
            </Typography.Text>
            <Typography.Text data-testid="doc-validity">
              {t('documenti.result.validity')}: {validityOf(item, t)}
            </Typography.Text>
            {item.interno ? (
              <Tag color="orange" data-testid="doc-interno">
                {t('documenti.result.interno')}
              </Tag>
            ) : null}
            {item.inVigore ? null : (
              <Tag color="red" data-testid="doc-not-in-force">
                {t('documenti.result.nonInVigore')}
              </Tag>
            )}
          </Flex>
        ) : null}
      </div>
      <div className="documents-result-actions">
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          loading={download.isPending}
          onClick={() =>
            download.mutate({
              id: item.id,
              body: logOf(item),
              fileName: item.nomeFileOriginale || `${item.codice}.pdf`,
            })
          }
          aria-label={t('documenti.result.downloadFor', { name: item.nomeFileOriginale || title })}
          data-testid="doc-download"
        >
          {t('documenti.result.download')}
        </Button>
        {manager ? (
          <ButtonLink
            to="/crDocumentis"
            search={{ search: item.idDocumenti }}
            icon={<EditOutlined />}
            aria-label={t('documenti.result.editFor', { id: item.idDocumenti })}
            data-testid="doc-edit"
          >
            {t('documenti.result.edit')}
          </ButtonLink>
        ) : null}
      </div>
    </li>
  );
};
