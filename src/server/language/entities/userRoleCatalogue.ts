/**
 * The admin side's user and role entities (docs/admin.md "As config"), in the store's column
 * names; spread into ENTITY_CATALOGUE. `mappings` is a user's group -> role list (§3 "Mapping
 * entry"), written with the user in one transaction; `activity_ids` a role's activities.
 */
export const USER_ROLE_ENTITIES = {
  user: {
    user_name: 'string',
    first_name: 'string',
    last_name: 'string',
    status: 'string',
    mappings: 'objectList',
  },
  role: {
    group_id: 'integer',
    name: 'string',
    description: 'string',
    activity_ids: 'idList',
  },
} as const;
