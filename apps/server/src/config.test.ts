import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const configError = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    return error;
  }
  throw new Error('loadConfig accepted the environment');
};

describe('loadConfig', () => {
  it('refuses PORT=abc with a ConfigError that names PORT and the value', () => {
    const error = configError({ PORT: 'abc' });
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toMatch(/PORT/);
    expect((error as ConfigError).message).toContain('"abc"');
  });

  it("takes the embedded database's wait and buffers, and refuses buffers PGlite cannot start with", () => {
    expect(loadConfig({})).toMatchObject({ pgliteMaxWaitMs: 2000, pgliteSharedBuffers: undefined });
    expect(loadConfig({ PGLITE_MAX_WAIT_MS: '0', PGLITE_SHARED_BUFFERS: '1GB' })).toMatchObject({
      pgliteMaxWaitMs: 0,
      pgliteSharedBuffers: '1GB',
    });
    for (const size of ['2GB', '1537MB', '1 GB', 'lots', '0MB']) {
      expect((configError({ PGLITE_SHARED_BUFFERS: size }) as ConfigError).message, size).toMatch(
        /PGLITE_SHARED_BUFFERS/,
      );
    }
  });

  it('names every wrong variable at once', () => {
    const error = configError({ PORT: '70000', SMTP_URL: 'http://mail', DATABASE_URL: 'mysql://x' });
    const message = (error as ConfigError).message;
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/SMTP_URL/);
    expect(message).toMatch(/DATABASE_URL/);
  });

  it('defaults to port 8080 and ./data resolved to an absolute path', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config).toMatchObject({
      env: 'development',
      host: '0.0.0.0',
      baseUrl: 'http://localhost:8080',
      databaseUrl: undefined,
      smtpUrl: undefined,
      cookieSecure: false,
      sessionIdleMinutes: 480,
      rememberMeDays: 30,
    });
  });

  it('treats empty values as unset and derives secure cookies from an https BASE_URL', () => {
    const config = loadConfig({ PORT: '', BASE_URL: 'https://ricambi.example.com/', DATA_DIR: 'var/ricambi' });
    expect(config.port).toBe(8080);
    expect(config.baseUrl).toBe('https://ricambi.example.com');
    expect(config.cookieSecure).toBe(true);
    expect(config.dataDir).toBe(path.resolve('var/ricambi'));
  });

  it('keeps attachments under DATA_DIR/files unless an S3 bucket is named', () => {
    expect(loadConfig({ DATA_DIR: '/srv/ricambi' }).files).toEqual({ kind: 'local', dir: '/srv/ricambi/files' });
    expect(
      loadConfig({
        S3_BUCKET: 'ricambi-files',
        S3_URL: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: 'prod/attachments',
      }).files,
    ).toEqual({
      kind: 's3',
      bucket: 'ricambi-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
      prefix: 'prod/attachments',
    });
  });

  it('refuses an S3 endpoint without a bucket, half a key pair, and a wrong bucket name, hiding the secret', () => {
    expect((configError({ S3_URL: 'http://127.0.0.1:9000' }) as ConfigError).message).toMatch(/S3_BUCKET/);
    const half = configError({ S3_BUCKET: 'files', S3_SECRET_ACCESS_KEY: 'topsecret' }) as ConfigError;
    expect(half.message).toMatch(/S3_ACCESS_KEY_ID/);
    expect(half.message).not.toContain('topsecret');
    const bad = configError({
      S3_BUCKET: 'Bad_Bucket',
      S3_SECRET_ACCESS_KEY: 'x',
      S3_ACCESS_KEY_ID: 'y',
    }) as ConfigError;
    expect(bad.message).toMatch(/S3_BUCKET/);
  });
});
