import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.seedDemo).toBe(true);
    expect(config.demoPassword).toBe('grantbridge-demo');
    expect(config.databaseUrl).toBeUndefined();
  });

  it('skips demo data in production unless SEED_DEMO=true', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('listens on loopback only while demo data is loaded, unless HOST says otherwise', () => {
    expect(loadConfig({})).toMatchObject({ host: '127.0.0.1', hostExplicit: false });
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ host: '0.0.0.0', hostExplicit: false });
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' })).toMatchObject({ host: '0.0.0.0', hostExplicit: true });
  });

  it('names each bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LEADS_INBOX: 'nope' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      expect((err as Error).message).toContain('PORT');
      expect((err as Error).message).toContain('DATABASE_URL');
    }
  });

  it('reads METRICS_TOKEN: unset means no /metrics; a short or spaced token is refused by name', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    const token = 'c2f1e0d9b8a7f6e5d4c3b2a1';
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16/);
    expect(() => loadConfig({ METRICS_TOKEN: 'a token with spaces in it' })).toThrow(/METRICS_TOKEN/);
  });
});
