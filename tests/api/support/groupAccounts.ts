import type { Warehouse } from '../../../src/server/platform/warehouse/warehouse.js';

/**
 * The channels the accounts below name (Amazon 1, Flipkart 4, as in the demo's dim_channel): a
 * harness with an empty warehouse adds them, since a group save refuses channels dim_channel lacks.
 */
export const addAccountChannels = (warehouse: Warehouse) =>
  warehouse.exec(
    "INSERT INTO dim_channel VALUES (1, 'Amazon', 'Marketplace'), (4, 'Flipkart', 'Marketplace')",
  );

/**
 * A valid group account, as the admin forms send it: `groupForm` for `admin/clients` and
 * `group/edit` (the spec's field names), `groupRow` for the group mutations (the store's columns).
 */
export const groupForm = (name: string) => ({
  groupName: name,
  channels: [1, 4],
  notifyToEmail: 'alerts@acme.test',
  end_date: '2030-12-31',
  crawl_type: [0],
  accountRequestedBy: 'Ria',
  accountManagerName: 'Omar',
  accountManagerEmail: 'omar@acme.test',
  associate1Name: 'Lena',
  associate1Email: 'lena@acme.test',
  taskId: 'T-1',
  comments: '',
  operationType: [1],
  schema_type: [] as number[],
});

export const groupRow = (name: string) => ({
  group_name: name,
  end_date: '2030-12-31',
  channels: [1, 4],
  crawl_types: [0],
  notify_to_email: 'alerts@acme.test',
  account_requested_by: 'Ria',
  account_manager_name: 'Omar',
  account_manager_email: 'omar@acme.test',
  associate1_name: 'Lena',
  associate1_email: 'lena@acme.test',
  task_id: 'T-1',
  comments: '',
});
