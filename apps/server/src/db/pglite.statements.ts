import {
  type ExecProtocolResult,
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

type Message = ExecProtocolResult['messages'][number];
type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
/** What is known of a statement text: its parameters' types and, when prepared under a name, the name and its rows' shape. */
type Known = { paramTypes: number[]; name?: string; description?: Message };

/** Texts of unnamed statements whose parameter types are remembered (a few numbers each). */
const MAX_KNOWN = 2000;
/** A prepared statement the database no longer has, or whose result shape changed under it (DDL). */
const STALE_CODES = new Set(['26000', '0A000']);

/** The texts the code prepares by name (`preparedOnce`): each is kept prepared, as on a PostgreSQL server. */
const namedTexts = new Set<string>();
export const keepPrepared = (text: string) => {
  namedTexts.add(text);
};

const concat = (parts: Uint8Array[]) => {
  const all = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
};

const codeOf = (error: unknown) => String((error as { code?: unknown } | null)?.code);

/**
 * PGlite's `query` talks to its database in six protocol exchanges per statement (parse, describe,
 * bind, describe, execute, sync), each a call into WebAssembly with its own message handling. Here
 * a statement is one exchange, as over a PostgreSQL server's socket:
 * - a text the code prepares by name (`preparedOnce`) is parsed once under a name and then only
 *   bound and executed, so PostgreSQL may keep its plan (after five runs, when a generic plan costs no
 *   more than the ones made for the values: the session look-up and the article page);
 * - any other text is parsed, bound and executed as an unnamed statement, planned for its values
 *   each time; its parameters' types (which PGlite's serializers need) are remembered from its first
 *   run.
 * Results, parsers, serializers and errors are PGlite's own; a call with options this does not handle
 * (a blob, declared parameter types) goes the usual way.
 */
export const keepStatements = (client: PGlite) => {
  const known = new Map<string, Known>();
  const closing: string[] = [];
  let next = 0;

  const exec = async (messages: Uint8Array[]) =>
    (await client.execProtocol(concat(messages), { syncToFs: false })).messages;

  const forget = (text: string) => {
    const statement = known.get(text);
    if (statement?.name) closing.push(statement.name);
    known.delete(text);
  };

  const describe = async (text: string): Promise<Known> => {
    const name = namedTexts.has(text) ? `kept_${next++}` : undefined;
    const close = closing.splice(0).map((old) => protocol.serialize.close({ type: 'S', name: old }));
    const messages = await exec([
      ...close,
      protocol.serialize.parse({ name, text }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    ]);
    const statement: Known = {
      paramTypes: parse.parseDescribeStatementResults(messages),
      ...(name ? { name, description: messages.find((m) => m.name === 'rowDescription') } : {}),
    };
    known.set(text, statement);
    if (known.size > MAX_KNOWN) {
      for (const [oldest, kept] of known) {
        if (!kept.name) {
          known.delete(oldest);
          break;
        }
      }
    }
    return statement;
  };

  const run = async <T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> => {
    const statement = known.get(text) ?? (await describe(text));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i] as number;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const bind = protocol.serialize.bind({ statement: statement.name, values });
    const execute = protocol.serialize.execute({});
    const sync = protocol.serialize.sync();
    // A named statement's rows are described once (kept); an unnamed one's with each run.
    const messages = await exec(
      statement.name
        ? [bind, execute, sync]
        : [protocol.serialize.parse({ text }), bind, protocol.serialize.describe({ type: 'P' }), execute, sync],
    );
    const described = statement.description ? [statement.description, ...messages] : messages;
    return parse.parseResults(described, client.parsers, options)[0] as Results<T>;
  };

  const fastQuery =
    (usual: Query, runIn: <R>(fn: () => Promise<R>) => Promise<R>, inTransaction: boolean): Query =>
    async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
      if (options?.blob || options?.paramTypes) return usual<T>(text, params, options);
      const attempt = () =>
        runIn(async () => {
          try {
            return await run<T>(text, params, options);
          } catch (error) {
            // What was known of the text is asked again next time: the schema may have changed under it.
            forget(text);
            throw Object.assign(error as object, { query: text, params, queryOptions: options });
          }
        });
      let result: Results<T>;
      try {
        result = await attempt();
      } catch (error) {
        // Outside a transaction a statement prepared before a schema change is prepared again once.
        if (inTransaction || !STALE_CODES.has(codeOf(error))) throw error;
        result = await attempt();
      }
      if (!inTransaction) await client.syncToFs();
      return result;
    };

  const usualQuery = client.query.bind(client) as Query;
  // As PGlite's own `query`: a closed database says so ("PGlite is closed") before anything runs.
  const exclusive = async <R>(fn: () => Promise<R>) => {
    await client._checkReady();
    return client._runExclusiveTransaction(() => client._runExclusiveQuery(fn));
  };
  const inQuery = <R>(fn: () => Promise<R>) => client._runExclusiveQuery(fn);

  return {
    /** The client's `query`, one exchange a statement. */
    query: fastQuery(usualQuery, exclusive, false),
    /** A transaction object whose `query` is one exchange a statement too. */
    inTransaction: (tx: Transaction): Transaction => {
      const wrapped = Object.create(tx) as Transaction;
      const txQuery = tx.query.bind(tx) as Query;
      const fast = fastQuery(txQuery, inQuery, true);
      wrapped.query = async <T>(text: string, params?: unknown[], options?: QueryOptions) =>
        tx.closed ? txQuery<T>(text, params, options) : fast<T>(text, params, options);
      return wrapped;
    },
  };
};
