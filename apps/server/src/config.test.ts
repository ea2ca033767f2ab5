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
});
