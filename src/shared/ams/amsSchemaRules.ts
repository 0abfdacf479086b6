/** The AMS schema editor's checks and messages (spec §8, verbatim), for client and server. */
export const AMS_SCHEMA_MSG = {
  empty: 'Cannot Submit Empty AMS Model',
  notJson: 'AMS Model Is Not A Valid JSON',
  targetNotJson: 'Channel Target Object Is Not A Valid JSON',
  inserted: 'AMS Schema Inserted Successfully',
  updated: 'AMS Schema Updated Successfully',
  notFound: 'AMS Schema not found',
} as const;

type AmsSchemaCheck =
  | { ok: true; model: Record<string, unknown>; target: Record<string, unknown> | null }
  | { ok: false; msg: string };

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The AMS model must be a non-empty JSON object; the channel target object, when given, a JSON
 * object too. Checked in this order, the first failure's message wins (as the editor shows one).
 */
export function checkAmsSchema(model: string, channelTarget: string | undefined): AmsSchemaCheck {
  if (!model.trim()) return { ok: false, msg: AMS_SCHEMA_MSG.empty };
  const parsed = parseObject(model);
  if (!parsed) return { ok: false, msg: AMS_SCHEMA_MSG.notJson };
  if (Object.keys(parsed).length === 0) return { ok: false, msg: AMS_SCHEMA_MSG.empty };
  if (channelTarget === undefined || !channelTarget.trim()) return { ok: true, model: parsed, target: null };
  const target = parseObject(channelTarget);
  if (!target) return { ok: false, msg: AMS_SCHEMA_MSG.targetNotJson };
  return { ok: true, model: parsed, target };
}
