/**
 * The admin forms' messages, word for word from docs/product-spec.md §5 and §8 (typos kept), and
 * the refusals the spec leaves to us. Client forms and server routes both import them.
 */
export const ADMIN_MSG = {
  // §5 Create group
  groupNameRequired: 'Group Name is a required attribute.',
  groupNameTaken: 'Group Name already exists.',
  channelEmpty: 'Channel can not be empty',
  crawlTypeEmpty: 'Crawling Type can not be empty',
  endDateEmpty: 'End Date can not be empty',
  invalidEmail: 'You have to enter valid email',
  accountRequestedByRequired: 'Account Requested By is a required attribute.',
  accountManagerNameRequired: 'Account Manager Name is a required attribute.',
  associate1NameRequired: 'Associate 1 Name is a required attribute.',
  taskIdRequired: 'Task Id is a required attribute.',
  fillRequired: 'Fill required values',
  enterValidEmail: 'Enter Valid Email',
  // §8 Group create
  accountCreated: 'Account Created Successfully',
  accountFailed: 'Account Creation Failed.Please contact with admin.',
  // §5 Create user
  firstNameRequired: 'First Name is a required attribute.',
  userNameEmail: 'User Name must be valid e-mail id.',
  mapGroup: 'Please map a group with role before submitting',
  groupMapped: 'Group is already mapped with a role',
  groupMappedActive: 'Group is already mapped with an active role',
  // §8 User save
  userSaved: 'Success',
  userFailed: 'Something went wrong.Please try again',
  // §5 Role
  selectGroupEdit: 'Please select group',
  selectGroupCreate: 'Please Select Group',
  selectActivity: 'Please Select At Least One Activity',
  roleNameRequired: 'Role Name is a required attribute.',
  // §8 Role
  roleFailed: 'Role Process Failed. Please contact with admin.',
  roleCreated: 'Role Created Successfully',
  roleUpdated: 'Role Updated Successfully',
  // §5 Manage users
  manageUserName: 'User Name is a required attribute.',
  // Refusals the spec does not word (docs/admin.md).
  roleInUse: 'This role is mapped to users and can not be deleted.',
  lastAdmin: 'The last admin of a group can not be unmapped.',
  blockSelf: 'You can not block yourself.',
  userNameTaken: 'User Name already exists.',
  staleEdit: 'This record was changed by someone else. Reload it and try again.',
  notInScope: 'Not found in your groups',
  unknownUsers: 'Unknown user names:',
  mappingUpdated: 'Mapping Status Updated Successfully',
} as const;
