/**
 * The platform floor of a data call: a bare Fastify instance (no plugins, hooks, schemas, auth or
 * config lookups) whose one route runs an endpoint's compiled SQL on the server's own warehouse
 * adapter and answers the same envelope. HTTP p50 minus this route's p50 is what the app itself
 * adds; this route's p50 minus raw is what Node, Fastify and the socket cost on this machine.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Warehouse } from '../../src/server/platform/warehouse/warehouse.js';
import type { CompiledSql } from '../../src/server/platform/warehouse/sql/sqlBuilder.js';

export interface FloorServer {
  url: string;
  /** Path (under /api/v1, as the bench client asks) of the route that runs `sql`. */
  register(sql: CompiledSql): string;
  close(): Promise<void>;
}

export async function startFloorServer(warehouse: Warehouse, port: number): Promise<FloorServer> {
  const statements: CompiledSql[] = [];
  const app: FastifyInstance = Fastify({ logger: false });
  app.get<{ Params: { n: string } }>('/api/v1/floor/:n', async (request) => {
    const { sql, params } = statements[Number(request.params.n)]!;
    const rows = await warehouse.query(sql, params);
    return { statusCode: 1, msg: 'Success', data: { rows, total: rows.length } };
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${port}`,
    register(sql) {
      statements.push(sql);
      return `floor/${statements.length - 1}`;
    },
    close: () => app.close(),
  };
}
