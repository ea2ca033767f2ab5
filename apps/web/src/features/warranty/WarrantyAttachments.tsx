import { DeleteOutlined, DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import { UPLOAD_POLICIES, type Warranty } from '@ricambi/domain';
import { Button, Flex, List, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http.ts';
import {
  useDeleteWarrantyAttachment,
  useWarrantyAttachmentAdded,
  warrantyFileUrl,
  warrantyThumbnailUrl,
  warrantyUploadUrl,
} from '../../api/warranty.api.ts';
import { FileUpload } from '../../components/FileUpload.tsx';
import { describeError, showError } from '../../lib/alerts.ts';
import { formatBytes } from '../../lib/format.ts';

/**
 * The attachments of a saved request (spec 2 §2, §4, §5): a preview of images, download, and while
 * the request is editable delete (after a confirmation naming the file; never the last one, a request
 * keeps at least one) and one more file at a time (20 MB; image, video or PDF).
 */
export const WarrantyAttachments = ({ record, editable }: { record: Warranty; editable: boolean }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const remove = useDeleteWarrantyAttachment();
  const added = useWarrantyAttachmentAdded();
  const { matricola, numeroRichiesta } = record.id;
  const onlyOne = record.allegati.length <= 1;

  const download = (id: string, name: string) =>
    void http.download(warrantyFileUrl(id), name).catch((e: unknown) => showError(describeError(e)));

  return (
    <Flex vertical gap={12}>
      {record.allegati.length === 0 ? (
        <Typography.Text type="secondary">{t('richiestagaranzia.attachments.none')}</Typography.Text>
      ) : (
        <List
          size="small"
          bordered
          data-testid="wr-attachments"
          dataSource={record.allegati}
          renderItem={(a) => (
            <List.Item
              actions={[
                <Button
                  key="download"
                  type="link"
                  icon={<DownloadOutlined />}
                  onClick={() => download(a.id, a.name)}
                  aria-label={t('richiestagaranzia.attachments.downloadName', { name: a.name })}
                >
                  {t('richiestagaranzia.attachments.download')}
                </Button>,
                ...(editable
                  ? [
                      <Popconfirm
                        key="delete"
                        title={t('richiestagaranzia.attachments.deleteQuestion', { name: a.name })}
                        okText={t('entity.action.delete')}
                        cancelText={t('entity.action.cancel')}
                        okButtonProps={{ danger: true }}
                        disabled={onlyOne}
                        onConfirm={() =>
                          remove
                            .mutateAsync({ matricola, numero: numeroRichiesta, allegato: a.id, lang })
                            .catch((e: unknown) => showError(describeError(e)))
                        }
                      >
                        <Button
                          type="link"
                          danger
                          icon={<DeleteOutlined />}
                          disabled={onlyOne}
                          title={onlyOne ? t('richiestagaranzia.error.lastAttachment') : undefined}
                          aria-label={t('richiestagaranzia.attachments.delete', { name: a.name })}
                        />
                      </Popconfirm>,
                    ]
                  : []),
              ]}
            >
              <Flex gap={8} align="center" style={{ minWidth: 0 }}>
                {a.thumbnail ? (
                  <img
                    src={warrantyThumbnailUrl(a.id)}
                    alt=""
                    width={48}
                    height={48}
                    style={{ objectFit: 'cover', borderRadius: 4, flex: 'none' }}
                  />
                ) : (
                  <PaperClipOutlined aria-hidden />
                )}
                <Typography.Text ellipsis={{ tooltip: a.name }}>{a.name}</Typography.Text>
                <Typography.Text type="secondary" style={{ flex: 'none' }}>
                  {formatBytes(a.size, lang)}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
      {editable ? (
        <>
          {onlyOne ? (
            <Typography.Text type="secondary">{t('richiestagaranzia.attachments.lastOne')}</Typography.Text>
          ) : null}
          <FileUpload<Warranty>
            action={warrantyUploadUrl(matricola, record.dataRichiestaIso, numeroRichiesta, lang)}
            policy={UPLOAD_POLICIES.warranty}
            onUploaded={(saved) => void added(saved, lang)}
            testId="wr-upload"
          />
        </>
      ) : null}
    </Flex>
  );
};
