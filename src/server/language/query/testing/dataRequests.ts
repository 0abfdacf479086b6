import type { DataRequest } from '../dataRequest.js';

/** A parsed request for compiler tests: no filters, dates, sort or offset unless given. */
export const dataRequest = (r: Partial<DataRequest> = {}): DataRequest => ({
  conditions: [],
  startDate: null,
  endDate: null,
  limit: 0,
  offset: 0,
  sort: null,
  ...r,
});
