import {
  DownloadOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { type Ticket, UPLOAD_POLICIES } from '@ricambi/domain';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http.ts';
import { ticketFileUrl, ticketThumbnailUrl, ticketUploadUrl, useTicketChanged } from '../../api/tickets.api.ts';
import { FileUpload } from '../../components/FileUpload.tsx';
import { describeError, showError } from '../../lib/alerts.ts';
import { formatBytes, formatDayTime } from '../../lib/format.ts';

type TicketFile = Ticket['files'][number];

const KIND_ICONS: Record<string, React.ReactNode> = {
  image: <FileImageOutlined />,
  video: <VideoCameraOutlined />,
  pdf: <FilePdfOutlined />,
};

const Preview = ({ ticketId, file }: { ticketId: number; file: TicketFile }) =>
  file.thumbnail ? (
    <img
      src={ticketThumbnailUrl(ticketId, file.file_id)}
      alt=""
      loading="lazy"
      width={48}
      height={48}
      style={{ objectFit: 'cover', borderRadius: 4, flex: 'none' }}
    />
  ) : (
    <span
      aria-hidden
      style={{
        width: 48,
        height: 48,
        flex: 'none',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: 24,
        background: '#f5f5f5',
        borderRadius: 4,
      }}
    >
      {KIND_ICONS[file.kind] ?? <FileOutlined />}
    </span>
  );

/**
 * The files of a ticket (spec 2 §2, §4, §5): a preview, name, size and date, download; while the
 * ticket takes them (open, or closed less than 3 days ago) one more file at a time (100 MB; image,
 * video or PDF).
 */
export const TicketFiles = ({ ticket }: { ticket: Ticket }) => {
  const { t, i18n } = useTranslation();
  const changed = useTicketChanged();

  const download = (f: TicketFile) =>
    void http
      .download(ticketFileUrl(ticket.id, f.file_id), f.file_name)
      .catch((e: unknown) => showError(describeError(e)));

  return (
    <Flex vertical gap={12}>
      {ticket.files.length === 0 ? (
        <Typography.Text type="secondary" data-testid="tk-files">
          {t('ticket.files.none')}
        </Typography.Text>
      ) : (
        <ul data-testid="tk-files" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {ticket.files.map((f) => (
            <li key={f.file_id} style={{ borderBottom: '1px solid #f0f0f0', padding: '8px 0' }} data-testid="tk-file">
              <Flex gap={12} align="center" justify="space-between" wrap>
                <Flex gap={8} align="center" style={{ minWidth: 0, flex: '1 1 240px' }}>
                  <Preview ticketId={ticket.id} file={f} />
                  <Flex vertical style={{ minWidth: 0 }}>
                    <Typography.Text ellipsis={{ tooltip: f.file_name }}>{f.file_name}</Typography.Text>
                    <Typography.Text type="secondary">
                      {formatBytes(f.size, i18n.language)} · {formatDayTime(f.createdAt)}
                    </Typography.Text>
                  </Flex>
                </Flex>
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() => download(f)}
                  aria-label={t('ticket.files.downloadName', { name: f.file_name })}
                >
                  {t('ticket.files.download')}
                </Button>
              </Flex>
            </li>
          ))}
        </ul>
      )}
      {ticket.aperto ? (
        <FileUpload<Ticket>
          action={ticketUploadUrl(ticket.id)}
          policy={UPLOAD_POLICIES.ticket}
          onUploaded={(saved) => void changed(saved)}
          testId="tk-upload"
        />
      ) : null}
    </Flex>
  );
};
