import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { ADMIN_ACTIVITIES as A } from '../../../shared/admin/adminActivities.js';
import { requireAdminActivity } from '../../access/auth/guards.js';
import { requireActivity } from '../../access/auth/requireActivity.js';
import { gridRowsQuery, objectAnswer } from '../../platform/http/schemaKit.js';
import {
  categoryChanges,
  listingChanges,
  LISTING_CHANGE_COLUMNS,
  type ChangeQuery,
} from './changeScreens.js';
import {
  downloadAnswer,
  downloadFormat,
  DOWNLOAD_FORMATS,
  sendRowsDownload,
} from '../monitoring/rowsDownload.js';
import { MAX_EXPORT_ROWS } from '../../language/query/compileDatasetQuery.js';
import { factFreshness, suggestionIndexCoverage } from './internalTool.js';
import { athenaSyncRuns, channelCityCoverage, reviewSentiments, trackedListings } from './trackingReads.js';

type Paging = { Querystring: { limit: number; offset: number } };
// Ids of at most 9 digits: within every store's integer columns (PostgreSQL's overflow past 2^31).
const idList = { type: 'string', pattern: '^[0-9]{1,9}(,[0-9]{1,9})*$', maxLength: 2000 } as const;
const date = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

/**
 * A change grid's request: paging, the changed-only filter (1 default) and the screen's filters it
 * applies. Other filters of the screen arrive too and are not applied (additional properties).
 */
const changeQuery = {
  type: 'object',
  additionalProperties: true,
  properties: {
    ...gridRowsQuery.properties,
    changed_only: { type: 'integer', enum: [0, 1], default: 1 },
    start_date: date,
    end_date: date,
    channel_id: idList,
    brand_id: idList,
    category_id: idList,
    product_id: idList,
    is_competitor: { type: 'integer', enum: [0, 1] },
  },
} as const;

/** The tracking and internal-tool screens' reads: one grid each, the caller's group only. */
export function registerTrackingRoutes(app: FastifyInstance): void {
  const db = app.deps.store.db;
  const wh = () => app.deps.warehouse;
  const all = <T>(rows: T[]) => ok({ rows, total: rows.length });
  const grid = { schema: { querystring: gridRowsQuery, response: objectAnswer } };
  const changes = { schema: { querystring: changeQuery, response: objectAnswer } };

  app.get<Paging>('/tracking/mapping/rows', grid, async (request) =>
    ok(
      await trackedListings(
        wh(),
        requireAdminActivity(request, A.trackingMapping.url).groupId,
        request.query,
      ),
    ),
  );
  app.get('/tracking/channelcity/rows', grid, async (request) =>
    all(await channelCityCoverage(wh(), requireAdminActivity(request, A.channelCity.url).groupId)),
  );
  app.get<{ Querystring: ChangeQuery }>('/tracking/changedetection/rows', changes, async (request) =>
    ok(
      await listingChanges(wh(), requireAdminActivity(request, A.changeDetection.url).groupId, request.query),
    ),
  );
  // The analysts' Change Detection screen shows the same listing changes, under its own activity.
  app.get<{ Querystring: ChangeQuery }>('/changedetection/data/changes', changes, async (request) =>
    ok(await listingChanges(wh(), requireActivity(request, 'changedetection/data').groupId, request.query)),
  );
  // Its grid as a file: every change of the filters (not one page), xlsx or CSV.
  const changesExport = {
    schema: {
      querystring: {
        ...changeQuery,
        properties: { ...changeQuery.properties, format: { type: 'string', enum: [...DOWNLOAD_FORMATS] } },
      },
      response: downloadAnswer,
    },
  };
  app.get<{ Querystring: ChangeQuery & { format?: string } }>(
    '/changedetection/data/changes/export',
    changesExport,
    async (request, reply) => {
      const { groupId } = requireActivity(request, 'changedetection/data');
      const format = downloadFormat(request.query.format);
      const all = { ...request.query, limit: MAX_EXPORT_ROWS, offset: 0 };
      const { rows } = await listingChanges(wh(), groupId, all);
      return sendRowsDownload(reply, {
        format,
        name: 'change-detection',
        sheet: 'Change Detection',
        columns: LISTING_CHANGE_COLUMNS,
        rows,
      });
    },
  );
  app.get<{ Querystring: ChangeQuery }>(
    '/tracking/categorychangedetection/rows',
    changes,
    async (request) => {
      const auth = requireAdminActivity(request, A.categoryChangeDetection.url);
      return ok(await categoryChanges(wh(), auth.groupId, request.query));
    },
  );
  app.get<Paging>('/tracking/athena-status/rows', grid, async (request) =>
    ok(
      await athenaSyncRuns(
        db,
        requireAdminActivity(request, A.trackingAthenaStatus.url).groupId,
        request.query,
      ),
    ),
  );
  app.get<Paging>('/tracking/review-sentiments/rows', grid, async (request) => {
    const auth = requireAdminActivity(request, A.reviewSentiments.url);
    return ok(await reviewSentiments(wh(), auth.groupId, request.query));
  });
  app.get('/internal-tools/internal-tool/tables', grid, async (request) =>
    all(await factFreshness(wh(), requireAdminActivity(request, A.internalTool.url).groupId)),
  );
  app.get('/internal-tools/internal-tool/index', grid, async (request) =>
    all(await suggestionIndexCoverage(wh(), requireAdminActivity(request, A.internalTool.url).groupId)),
  );
}
