import { describe, expect, it } from 'vitest';
import { AUDIT_EVENT_TYPES, auditFilterSchema, changeLoggerSchema, isAuditEventType } from './admin.schemas.ts';

describe('auditFilterSchema (spec 1 §7: yyyy-MM-ddTHH:mm:ss)', () => {
  it('reads a date without offset as UTC, and accepts an explicit offset', () => {
    const parsed = auditFilterSchema.parse({ fromDate: '2026-03-01T10:15:00', toDate: '2026-03-01T12:00:00+02:00' });
    expect(parsed.fromDate?.toISOString()).toBe('2026-03-01T10:15:00.000Z');
    expect(parsed.toDate?.toISOString()).toBe('2026-03-01T10:00:00.000Z');
  });

  it('refuses other formats and impossible dates', () => {
    for (const value of ['2026-03-01', '01/03/2026 10:00:00', '2026-02-30T00:00:00', '2026-03-01T24:00:00']) {
      expect(auditFilterSchema.safeParse({ fromDate: value }).success, value).toBe(false);
    }
  });
});

describe('changeLoggerSchema', () => {
  it('takes the five levels of the logs page only', () => {
    expect(changeLoggerSchema.safeParse({ name: 'ricambi', level: 'DEBUG' }).success).toBe(true);
    expect(changeLoggerSchema.safeParse({ name: 'ricambi', level: 'OFF' }).success).toBe(false);
    expect(changeLoggerSchema.safeParse({ name: ' ', level: 'INFO' }).success).toBe(false);
  });
});

describe('audit event types', () => {
  it('are stable upper-case codes, known by isAuditEventType', () => {
    expect(AUDIT_EVENT_TYPES).toContain('AUTHENTICATION_FAILURE');
    for (const type of AUDIT_EVENT_TYPES) expect(type).toMatch(/^[A-Z_]+$/);
    expect(isAuditEventType('ACT_AS_START')).toBe(true);
    expect(isAuditEventType('act_as_start')).toBe(false);
  });
});
