import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n, loadAppTexts } from '../../i18n/index.ts';
import { WarrantyFilePicker } from './WarrantyFilePicker.tsx';

const MB = 1024 * 1024;
const fileOf = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });

const setup = (props: Partial<Parameters<typeof WarrantyFilePicker>[0]> = {}) => {
  const onChange = vi.fn();
  const view = render(<WarrantyFilePicker file={undefined} onChange={onChange} missing={false} {...props} />);
  const input = view.container.querySelector('input[type=file]') as HTMLInputElement;
  // A dropped file is not filtered by the picker's `accept`: the picker's own check must speak.
  return { ...view, input, onChange, user: userEvent.setup({ applyAccept: false }) };
};

// Spec 2 §5, §8: the first attachment of a new request — one file, 20 MB, image, video or PDF.
describe('the first attachment of a new request', () => {
  beforeAll(async () => {
    await initI18n();
    await loadAppTexts();
    await changeLanguage('it');
  });

  it('says what it accepts and keeps an accepted file for the save', async () => {
    const { input, user, onChange } = setup();
    expect(screen.getByText('Accettati: immagini, video o PDF, al massimo 20 MB per file')).toBeTruthy();
    const video = fileOf('perdita.mp4', 2000, 'video/mp4');
    await user.upload(input, video);
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ name: 'perdita.mp4' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses an over-size file naming it and the limit', async () => {
    const { input, user, onChange } = setup();
    await user.upload(input, fileOf('scheda.pdf', 20 * MB + 1, 'application/pdf'));
    expect((await screen.findByRole('alert')).textContent).toContain('Il file scheda.pdf supera il limite di 20 MB.');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a type outside image, video or PDF naming the file', async () => {
    const { input, user, onChange } = setup();
    await user.upload(input, fileOf('note.txt', 10, 'text/plain'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Il file note.txt non è ammesso: sono accettati solo immagini, video o PDF.',
    );
    expect(onChange).not.toHaveBeenCalled();
  });

  it('asks for a file once saving was attempted without one, and shows the progress while sending', () => {
    const { rerender } = setup({ missing: true });
    expect(screen.getByRole('alert').textContent).toBe('Una richiesta deve avere almeno un allegato: scegli un file.');
    rerender(
      <WarrantyFilePicker
        file={fileOf('foto.jpg', 10, 'image/jpeg')}
        onChange={() => undefined}
        missing
        progress={40}
      />,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('foto.jpg')).toBeTruthy();
  });
});
