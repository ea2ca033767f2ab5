import { DownloadOutlined, FilePdfOutlined, LoadingOutlined } from '@ant-design/icons';
import {
  type CatalogueHeader,
  type CataloguePdfStatus,
  type CatalogueRow,
  cataloguePdfFileName,
} from '@ricambi/domain';
import { App, Button, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAssemblyPdf, downloadFullPdf, fullPdfStatus, requestFullPdf } from '../../api/machines.api.ts';
import { describeError } from '../../lib/alerts.ts';

/** Spec 2 §4: the esisteCatalogo poll while the full PDF is generated. */
export const PDF_POLL_MS = 2_000;

/** The PDF of the selected assembly, in the interface language. */
export const AssemblyPdfButton = ({ header, assembly }: { header: CatalogueHeader; assembly: CatalogueRow | null }) => {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (!assembly) return;
    setBusy(true);
    try {
      await downloadAssemblyPdf(
        header.id,
        assembly.rigItem,
        i18n.language,
        header.machine.mtMatricola,
        cataloguePdfFileName(header.descrizione, header.machine.mtMatricola, assembly.rigItem),
      );
    } catch (error) {
      void message.error(describeError(error, 'machines.catalogue.pdf.error'));
    } finally {
      setBusy(false);
    }
  };
  const button = (
    <Button
      icon={<FilePdfOutlined />}
      loading={busy}
      disabled={!assembly}
      onClick={() => void download()}
      data-testid="pdf-assembly"
    >
      {t('machines.catalogue.pdf.assembly')}
    </Button>
  );
  return assembly ? button : <Tooltip title={t('machines.catalogue.pdf.chooseAssembly')}>{button}</Tooltip>;
};

/**
 * The full catalogue PDF (spec 2 §4): not requested → generating (progress, esisteCatalogo every
 * 2 s) → ready. One click: a PDF asked for is downloaded as soon as it is ready; a ready one at
 * once. The state starts over when the interface language changes.
 */
export const FullPdfButton = ({ header }: { header: CatalogueHeader }) => {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const lang = i18n.language;
  const [status, setStatus] = useState<CataloguePdfStatus & { lang: string }>({ state: 'NONE', progress: 0, lang });
  const [busy, setBusy] = useState(false);
  const idMatricola = header.machine.id;
  const fileName = cataloguePdfFileName(header.descrizione, header.machine.mtMatricola);
  const current = status.lang === lang ? status : { state: 'NONE' as const, progress: 0, lang };
  const announced = useRef(false);
  /** The user asked for the PDF in this language and has not received it yet. */
  const wanted = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new language forgets the request of the old one.
  useEffect(() => {
    wanted.current = false;
  }, [lang]);

  useEffect(() => {
    if (current.state !== 'GENERATING') return;
    const timer = setInterval(() => {
      fullPdfStatus(idMatricola, lang)
        .then((next) => setStatus((s) => (s.lang === lang ? { ...next, lang } : s)))
        .catch(() => undefined);
    }, PDF_POLL_MS);
    return () => clearInterval(timer);
  }, [current.state, idMatricola, lang]);

  useEffect(() => {
    if (current.state === 'READY' && !announced.current) {
      announced.current = true;
      void message.success(t('jricambiApp.catalogo.pdffull_ready'));
    }
    if (current.state !== 'READY') announced.current = false;
    if (current.state === 'FAILED') wanted.current = false;
    if (current.state === 'READY' && wanted.current) {
      wanted.current = false;
      setBusy(true);
      downloadFullPdf(idMatricola, lang, fileName)
        .catch((error: unknown) => void message.error(describeError(error, 'machines.catalogue.pdf.error')))
        .finally(() => setBusy(false));
    }
  }, [current.state, message, t, idMatricola, lang, fileName]);

  const run = async () => {
    setBusy(true);
    try {
      if (current.state === 'READY') await downloadFullPdf(idMatricola, lang, fileName);
      else {
        wanted.current = true;
        const next = await requestFullPdf(idMatricola, lang, fileName);
        // A PDF answered at once was saved already: nothing left to announce or download.
        if (next.state === 'READY') {
          announced.current = true;
          wanted.current = false;
        }
        setStatus({ ...next, lang });
      }
    } catch (error) {
      wanted.current = false;
      void message.error(describeError(error, 'machines.catalogue.pdf.error'));
    } finally {
      setBusy(false);
    }
  };

  const label =
    current.state === 'GENERATING'
      ? t('machines.catalogue.pdf.generating', { progress: current.progress })
      : current.state === 'READY'
        ? t('machines.catalogue.pdf.download')
        : current.state === 'FAILED'
          ? t('machines.catalogue.pdf.retry')
          : t('machines.catalogue.pdf.full');
  return (
    <Button
      icon={
        current.state === 'GENERATING' ? (
          <LoadingOutlined />
        ) : current.state === 'READY' ? (
          <DownloadOutlined />
        ) : (
          <FilePdfOutlined />
        )
      }
      type={current.state === 'READY' ? 'primary' : 'default'}
      loading={busy}
      disabled={current.state === 'GENERATING'}
      onClick={() => void run()}
      data-testid="pdf-full"
      data-state={current.state}
    >
      {label}
    </Button>
  );
};
