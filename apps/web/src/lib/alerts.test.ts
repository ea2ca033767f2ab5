import type { NotificationInstance } from 'antd/es/notification/interface';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/http.ts';
import { changeLanguage, initI18n } from '../i18n/index.ts';
import { connectAlerts, describeError, showError, showSuccess } from './alerts.ts';

const problem = (status: number, message: string, extra: object = {}) =>
  new ApiError(status, '/api/x', 'POST', { type: 'about:blank', title: 't', status, message, ...extra });

describe('describeError (spec 1 §8, the one error mapper)', () => {
  beforeAll(async () => {
    await initI18n();
    await changeLanguage('it');
  });

  it('says the server is not reachable for status 0', () => {
    expect(describeError(new ApiError(0, '/api/x', 'GET'))).toBe('Server non raggiungibile');
  });

  it("says 'Risorsa non trovata' for 404", () => {
    expect(describeError(problem(404, 'error.http.404'))).toBe('Risorsa non trovata');
  });

  it('asks to try again in a moment when the portal is busy (503)', () => {
    expect(describeError(problem(503, 'error.busy'))).toBe(
      'Il portale è molto occupato in questo momento: riprova tra qualche istante.',
    );
  });

  it('names each field of a 400 with field errors', () => {
    const error = problem(400, 'error.validation', {
      fieldErrors: [{ field: 'email', message: 'validation.required' }],
    });
    expect(describeError(error)).toBe('E-mail: Questo campo è obbligatorio.');
  });

  it("shows the server's message key, with its parameters", () => {
    expect(describeError(problem(429, 'error.login.throttled', { params: { minutes: 15 } }))).toBe(
      'Troppi tentativi di accesso non riusciti. Riprova tra 15 minuti.',
    );
  });

  it("falls back to 'Errore imprevisto!' for anything else", () => {
    expect(describeError(problem(500, 'error.internal'))).toBe('Errore imprevisto!');
    expect(describeError(new Error('boom'))).toBe('Errore imprevisto!');
    expect(describeError(problem(500, 'no.such.key'))).toBe('Errore imprevisto!');
  });

  it('uses a caller-specific fallback', () => {
    expect(describeError(problem(500, 'error.internal'), 'sessions.messages.error')).toBe(
      'Non è stato possibile invalidare la sessione.',
    );
  });
});

describe('alerts (spec 1 §8)', () => {
  it('keeps every alert, error or success, open for 30 000 ms', () => {
    const success = vi.fn();
    const error = vi.fn();
    connectAlerts({ success, error } as unknown as NotificationInstance, () => {});
    showSuccess('Salvato');
    showError('Errore');
    expect(success).toHaveBeenCalledWith(expect.objectContaining({ title: 'Salvato', duration: 30 }));
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ title: 'Errore', duration: 30 }));
  });
});
