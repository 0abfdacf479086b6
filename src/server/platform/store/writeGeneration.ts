import {
  DeleteQueryNode,
  InsertQueryNode,
  MergeQueryNode,
  RawNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/** Leading keyword of a raw SQL statement that changes data (or schema). */
const RAW_WRITE = /^\s*(insert|update|delete|merge|truncate|alter|drop|create|copy|with)\b/i;

function isWrite(node: RootOperationNode): boolean {
  if (
    InsertQueryNode.is(node) ||
    UpdateQueryNode.is(node) ||
    DeleteQueryNode.is(node) ||
    MergeQueryNode.is(node)
  )
    return true;
  // Raw statements are counted as writes unless they plainly read (`SELECT ...`): a needless
  // bump only costs a cache miss, a missed one would serve stale access.
  return RawNode.is(node) && RAW_WRITE.test(node.sqlFragments[0] ?? '');
}

/**
 * Counts writes to the store so in-memory copies of store rows (the auth cache) can tell they
 * may be stale. The counter moves when a write is sent and again when it returns, so a read that
 * overlapped a write never sees an unchanged generation.
 */
export class WriteGeneration implements KyselyPlugin {
  private value = 0;
  private readonly writes = new WeakSet<object>();

  current(): number {
    return this.value;
  }

  /** For writes the plugin cannot see (e.g. a transaction's commit): call after them. */
  bump(): void {
    this.value++;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (isWrite(args.node)) {
      this.writes.add(args.queryId);
      this.value++;
    }
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.writes.has(args.queryId)) this.value++;
    return Promise.resolve(args.result);
  }
}
