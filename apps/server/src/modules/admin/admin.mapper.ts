import { type AuditEvent, type ConfigProperty, MASK } from '@ricambi/domain';
import type { AuditRow } from './admin.repository.ts';

/** Whatever an event stored in `data` (message, remoteAddress, act-as identities, ...), as text. */
export const toAuditEvent = (row: AuditRow): AuditEvent => {
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries(row.data ?? {})) {
    if (value !== null && value !== undefined) data[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  if (row.remoteAddress && data.remoteAddress === undefined) data.remoteAddress = row.remoteAddress;
  return { id: row.id, timestamp: row.eventDate.toISOString(), principal: row.principal, type: row.eventType, data };
};

/** A setting whose name says it holds a secret is never shown, whatever its value. */
const SECRET_NAME = /secret|passw|pwd|token|credential|key|salt|private/i;
/** Secret-named parameters in a URL query (`?password=...`, `sslkey=...`). */
const SECRET_QUERY = /([?&][^=&#]*(?:secret|passw|pwd|token|key)[^=&#]*=)[^&#]*/gi;
/** The password of `scheme://user:password@host`. */
const URL_PASSWORD = /^([a-z][a-z0-9+.-]*:\/\/[^:@/?#]*):[^@/?#]*@/i;

/** A value with the credentials of any URL in it masked (`smtp://user:******@host:25`). */
export const maskValue = (value: string) =>
  value.replace(URL_PASSWORD, `$1:${MASK}@`).replace(SECRET_QUERY, `$1${MASK}`);

type Plain = string | number | boolean | null | undefined | Date | readonly unknown[] | { [key: string]: unknown };

const flatten = (prefix: string, value: Plain, out: [string, ConfigProperty['value']][]) => {
  if (value instanceof Date) out.push([prefix, value.toISOString()]);
  else if (Array.isArray(value)) out.push([prefix, JSON.stringify(value)]);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) flatten(prefix ? `${prefix}.${key}` : key, inner as Plain, out);
  } else out.push([prefix, value ?? null]);
};

/**
 * The effective configuration as key/value rows, secrets masked: every value of a secret-named key,
 * and the credentials inside any URL. Nested settings get dotted keys.
 */
export const toConfigProperties = (
  config: Record<string, unknown>,
  runtime: Record<string, unknown>,
): ConfigProperty[] => {
  const rows = (source: ConfigProperty['source'], values: Record<string, unknown>, prefix: string) => {
    const flat: [string, ConfigProperty['value']][] = [];
    flatten(prefix, values as Plain, flat);
    return flat.map(([key, value]): ConfigProperty => {
      if (SECRET_NAME.test(key) && value !== null && value !== '') return { key, value: MASK, source, masked: true };
      if (typeof value !== 'string') return { key, value, source, masked: false };
      const masked = maskValue(value);
      return { key, value: masked, source, masked: masked !== value };
    });
  };
  const byKey = (a: ConfigProperty, b: ConfigProperty) => a.key.localeCompare(b.key);
  return [...rows('config', config, '').sort(byKey), ...rows('runtime', runtime, 'runtime').sort(byKey)];
};
