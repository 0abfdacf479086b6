import { BadRequestError } from '../../../shared/errors.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import type { EntityFields, EntityRow, ListPage, ListRequest } from './entityRepo.js';
import { versionedUpdate, type WarehouseEntityRepo } from './warehouseEntity.js';

/** Messages of our own: the spec names none for adding a city (only 'cities' as an API name). */
export const CITY_MSG = {
  unknownChannel: 'No channel has this name.',
  unknownCity: 'No city has this name.',
  duplicate: 'This city is already tracked on this channel.',
} as const;

const FROM = `FROM setup_city_list l
  JOIN dim_channel ch ON ch.channel_id = l.channel_id
  JOIN dim_city c ON c.city_id = l.city_id`;
const SELECT = `SELECT l.list_id AS id, l.group_id, l.channel_id, ch.channel_name, l.city_id, c.city_name,
  l.stores_tracked, l.updated_at ${FROM}`;

/** Sort columns of the grid (names from entityReads' sortable list, never request text). */
const SORT: Record<string, string> = {
  id: 'l.list_id',
  created_at: 'l.list_id',
  updated_at: 'l.updated_at',
  channel_name: 'ch.channel_name',
  city_name: 'c.city_name',
  stores_tracked: 'l.stores_tracked',
};

async function one(wh: Warehouse, where: string, params: unknown[]): Promise<EntityRow | undefined> {
  const [row] = await wh.query(`${SELECT} WHERE ${where}`, params);
  return row;
}

async function idOf(wh: Warehouse, sql: string, name: unknown, field: string, message: string) {
  const [row] = await wh.query<{ id: number }>(sql, [typeof name === 'string' ? name.trim() : '']);
  if (!row) throw new BadRequestError(message, [{ path: field, message }]);
  return row.id;
}

/**
 * The `trackedCity` entity: a city the group tracks on a channel (`setup_city_list`, where the
 * city list upload of master/data_settings loads). Channels and cities are shared dictionaries,
 * named as the upload names them; a (channel, city) pair the group tracks already is refused.
 * Its rows are read here (`list`) for the city grid: the table has no date, so no dataset fits.
 */
export const cityListEntity: WarehouseEntityRepo = {
  home: 'warehouse',
  table: 'setup_city_list',
  idColumn: 'list_id',
  find: (wh, id) => one(wh, 'l.list_id = $1', [id]),
  findByToken: (wh, groupId, token) => one(wh, 'l.group_id = $1 AND l.updated_at = $2', [groupId, token]),

  async create(wh, fields: EntityFields, groupId, token) {
    const channel = await idOf(
      wh,
      'SELECT channel_id AS id FROM dim_channel WHERE lower(channel_name) = lower($1)',
      fields.channel_name,
      'channel_name',
      CITY_MSG.unknownChannel,
    );
    const city = await idOf(
      wh,
      'SELECT city_id AS id FROM dim_city WHERE lower(city_name) = lower($1)',
      fields.city_name,
      'city_name',
      CITY_MSG.unknownCity,
    );
    const taken = await wh.query(
      'SELECT 1 FROM setup_city_list WHERE group_id = $1 AND channel_id = $2 AND city_id = $3',
      [groupId, channel, city],
    );
    if (taken.length > 0)
      throw new BadRequestError(CITY_MSG.duplicate, [{ path: 'city_name', message: CITY_MSG.duplicate }]);
    return [
      {
        // Numbered and guarded inside the statement, so a racing twin adds nothing.
        sql: `INSERT INTO setup_city_list (group_id, channel_id, city_id, stores_tracked, list_id, updated_at)
              SELECT $1, $2, $3, $4, (SELECT COALESCE(MAX(list_id), 0) + 1 FROM setup_city_list), $5
              WHERE NOT EXISTS (SELECT 1 FROM setup_city_list WHERE group_id = $1 AND channel_id = $2 AND city_id = $3)`,
        params: [groupId, channel, city, fields.stores_tracked, token],
      },
    ];
  },

  update(_wh, before, fields, token) {
    return versionedUpdate(cityListEntity, before, fields, ['stores_tracked'], token);
  },

  async list(wh: Warehouse, request: ListRequest): Promise<ListPage> {
    const groups = request.groupIds.length ? request.groupIds : [-1];
    const marks = groups.map((_, i) => `$${i + 1}`).join(', ');
    const where = `WHERE l.group_id IN (${marks})`;
    const order = `${SORT[request.orderBy] ?? 'l.list_id'} ${request.descending ? 'DESC' : 'ASC'}, l.list_id`;
    const rows = await wh.query<EntityRow>(
      `${SELECT} ${where} ORDER BY ${order} LIMIT ${Math.trunc(request.limit)} OFFSET ${Math.trunc(request.offset)}`,
      [...groups],
    );
    const [count] = await wh.query<{ n: number }>(`SELECT COUNT(*)::INTEGER AS n ${FROM} ${where}`, [
      ...groups,
    ]);
    return { rows, total: count?.n ?? 0 };
  },
};
