import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * Kysely over an embedded PGlite. PGlite is one connection, so the driver hands it out to one
 * user at a time: a transaction never interleaves with another request's statements.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // pg-boss (through fromKysely) sends parameterless blocks of several statements (BEGIN ...
    // COMMIT): query() runs one statement only, exec() runs the block, as pg's simple protocol does.
    if (query.parameters.length === 0 && query.queryId.queryId === 'pgboss')
      return this.execBlock<R>(query.sql);
    const result = await this.pglite.query<R>(query.sql, [...query.parameters]);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && !/^\s*select/i.test(query.sql)
        ? { numAffectedRows: BigInt(affected) }
        : {}),
    };
  }
  private async execBlock<R>(text: string): Promise<QueryResult<R>> {
    try {
      const results = await this.pglite.exec(text);
      return { rows: results.flatMap((r) => r.rows as R[]) };
    } catch (error) {
      // A failed statement inside the block leaves the one connection in an aborted transaction.
      if (/^\s*begin/i.test(text)) await this.pglite.exec('rollback').catch(() => undefined);
      throw error;
    }
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    await Promise.resolve();
    throw new Error('PGlite driver does not stream');
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  /** Tail of the queue of connection users; each waits for the previous release. */
  private tail: Promise<void> = Promise.resolve();
  private release: (() => void) | null = null;

  constructor(pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.release = release;
    return this.connection;
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = null;
    release?.();
    return Promise.resolve();
  }
  async destroy(): Promise<void> {}
}
