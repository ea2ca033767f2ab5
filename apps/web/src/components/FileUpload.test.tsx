import { UPLOAD_POLICIES } from '@ricambi/domain';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n, loadAppTexts } from '../i18n/index.ts';
import { FileUpload } from './FileUpload.tsx';

/** The browser's XHR as the uploader uses it: the test sees what is sent and answers by hand. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const fileOf = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });
const MB = 1024 * 1024;

const setup = (props: Partial<Parameters<typeof FileUpload>[0]> = {}) => {
  const onUploaded = vi.fn();
  const view = render(
    <FileUpload
      action="/api/test/upload"
      policy={UPLOAD_POLICIES.roadRegistration}
      onUploaded={onUploaded}
      {...props}
    />,
  );
  const input = view.container.querySelector('input[type=file]') as HTMLInputElement;
  // A dropped file is not filtered by the picker's `accept`: the uploader's own check must speak.
  const user = userEvent.setup({ applyAccept: false });
  return { ...view, input, user, onUploaded };
};

// Issue 12 §1; spec 2 §6/§8: limits named with the file, checked before any byte is sent.
describe('FileUpload', () => {
  beforeAll(async () => {
    await initI18n();
    await loadAppTexts();
  });
  beforeEach(async () => {
    await changeLanguage('it');
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    // biome-ignore lint/suspicious/noDocumentCookie: the server's CSRF cookie, as the page finds it
    document.cookie = 'XSRF-TOKEN=token%2Bvalue';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows what the area accepts and its limit', () => {
    setup();
    expect(screen.getByText('Accettati: immagini o PDF, al massimo 5 MB per file')).toBeTruthy();
    expect(screen.getByText('Trascina qui il file o fai clic per sceglierlo')).toBeTruthy();
  });

  it('refuses an over-size file naming it and the limit, and sends nothing', async () => {
    const { input, user } = setup();
    await user.upload(input, fileOf('libretto.pdf', 5 * MB + 1, 'application/pdf'));
    expect((await screen.findByRole('alert')).textContent).toContain('Il file libretto.pdf supera il limite di 5 MB.');
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('refuses a type the browser reports outside the area, naming the file, and sends nothing', async () => {
    const { input, user } = setup();
    await user.upload(input, fileOf('giro.mp4', 1000, 'video/mp4'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Il file giro.mp4 non è ammesso: sono accettati solo immagini o PDF.',
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('sends an accepted file with the CSRF header, shows its progress, and hands over the answer', async () => {
    const { input, user, onUploaded } = setup({ policy: UPLOAD_POLICIES.warranty });
    const video = fileOf('giro.mp4', 2000, 'video/mp4');
    await user.upload(input, video);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0] as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/test/upload');
    expect(xhr.headers['X-XSRF-TOKEN']).toBe('token+value');
    expect((xhr.body?.get('file') as File | undefined)?.name).toBe('giro.mp4');

    act(() => xhr.progress(800, 2000));
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40'));
    act(() => xhr.answer(200, { id: 'f1', name: 'giro.mp4' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith({ id: 'f1', name: 'giro.mp4' }, expect.any(File)));
  });

  it('gives each of several files its own request and progress bar', async () => {
    const { input, user } = setup({ multiple: true });
    await user.upload(input, [fileOf('a.pdf', 100, 'application/pdf'), fileOf('b.png', 100, 'image/png')]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    act(() => {
      FakeXhr.sent[0]?.progress(10, 100);
      FakeXhr.sent[1]?.progress(70, 100);
    });
    await waitFor(() =>
      expect(screen.getAllByRole('progressbar').map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['10', '70']),
    );
  });

  it('shows the server’s refusal naming the file', async () => {
    const { input, user } = setup({ policy: UPLOAD_POLICIES.warranty });
    await user.upload(input, fileOf('scheda.pdf', 100, 'application/pdf'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() =>
      FakeXhr.sent[0]?.answer(413, {
        type: 'about:blank',
        title: 'Payload Too Large',
        status: 413,
        message: 'upload.tooLarge',
        params: { name: 'scheda.pdf', limit: '20 MB' },
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Caricamento di scheda.pdf non riuscito: Il file scheda.pdf supera il limite di 20 MB.',
    );
  });

  it('says when this browser cannot drop files, in the user’s language', async () => {
    const supported = setup();
    expect(screen.queryByTestId('file-upload-no-drop')).toBeNull();
    supported.unmount();
    vi.stubGlobal('FileReader', undefined);
    await changeLanguage('de');
    setup();
    expect(screen.getByTestId('file-upload-no-drop').textContent).toBe(
      'Drag & Drop von Dateien wird von diesem Browser nicht unterstützt: klicken Sie, um die Datei auszuwählen.',
    );
  });
});
