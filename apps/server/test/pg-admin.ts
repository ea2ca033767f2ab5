import pg from 'pg';

/** The migrated template every test file's PostgreSQL database is copied from. */
export const TEMPLATE_DATABASE = 'ricambi_test_template';
/** Per-file databases are named with this prefix; leftovers of an interrupted run are dropped at the next start. */
export const FILE_DATABASE_PREFIX = 'ricambi_test_f_';

export const withDatabaseName = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/** A client on the server's maintenance connection: the given database if it exists, else `postgres`. */
export const connectAdmin = async (url: string) => {
  for (const candidate of [url, withDatabaseName(url, 'postgres')]) {
    const client = new pg.Client({ connectionString: candidate });
    try {
      await client.connect();
      return { client, url: candidate };
    } catch (error) {
      await client.end().catch(() => undefined);
      if ((error as { code?: string }).code !== '3D000') throw error;
    }
  }
  throw new Error(`cannot connect to ${url}`);
};
