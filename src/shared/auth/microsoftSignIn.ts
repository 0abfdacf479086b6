/** Sign in with Microsoft: the words the login page and the server share. */
export const MICROSOFT_MSG = {
  button: 'Sign in with Microsoft',
  notConfigured: 'Sign in with Microsoft is not set up on this server.',
  unavailable: 'Microsoft sign-in is unavailable right now, please try again later.',
  expired: 'Your Microsoft sign-in expired or was already used. Please sign in again.',
  failed: 'Microsoft could not confirm your sign-in. Please sign in again.',
  noEmail: 'Your Microsoft account has no e-mail address to sign in with.',
  notMapped:
    'Your organisation is not set up to sign in with Microsoft. Ask your Shelfscope administrator to add your e-mail domain or tenant; no account was created.',
  mappingSaved: 'Mapping saved',
  mappingDeleted: 'Mapping deleted',
  mappingNotFound: 'Mapping not found',
  badDomain: 'Enter an e-mail domain such as contoso.com',
  badTenant: 'Enter a tenant id (a GUID)',
  roleNotInGroup: 'The role is not a role of that group',
  duplicate: 'That domain or tenant is already mapped to this group',
} as const;

/** GET azure/session: whether the login page shows the button. */
export interface MicrosoftAvailability {
  enabled: boolean;
}

/** POST azure/session: where the browser goes to sign in. */
export interface MicrosoftStart {
  url: string;
}
