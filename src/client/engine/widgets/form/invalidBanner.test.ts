import { describe, expect, it } from 'vitest';
import type { MutationNode } from '../../../../shared/config.gen.js';
import { problemKind } from '../../../../shared/mutations/mutationMessages.js';
import { invalidBanner } from './invalidBanner.js';

const messages = { required: 'Fill required values', email: 'Enter Valid Email' };
const mutation = {
  kind: 'mutation',
  id: 'create',
  entity: 'group',
  operation: 'create',
  checks: [{ kind: 'email', field: 'notify', message: 'You have to enter valid email' }],
} as MutationNode;

describe('the form banner rule', () => {
  it('a missing value wins, then a malformed e-mail; other problems have no banner', () => {
    expect(invalidBanner(messages, ['email', 'required', 'other'])).toBe('Fill required values');
    expect(invalidBanner(messages, ['other', 'email'])).toBe('Enter Valid Email');
    expect(invalidBanner(messages, ['other'])).toBeNull();
    expect(invalidBanner(undefined, ['required'])).toBeNull();
    expect(invalidBanner({ email: 'Enter Valid Email' }, ['required', 'email'])).toBeNull();
  });

  it('classifies keyword errors as the field messages do', () => {
    const kind = (keyword: string, field: string, params: Record<string, unknown> = {}) =>
      problemKind(mutation, { keyword, field, params });
    expect(kind('required', 'name')).toBe('required');
    expect(kind('minItems', 'channels', { limit: 1 })).toBe('required');
    expect(kind('pattern', 'name', { pattern: '\\S' })).toBe('required');
    expect(kind('pattern', 'notify', { pattern: '^x$' })).toBe('email');
    expect(kind('pattern', 'code', { pattern: '^x$' })).toBe('other');
    expect(kind('maxLength', 'notify')).toBe('other');
    expect(kind('', 'name')).toBe('other'); // a taken name (extraErrors) carries no keyword
    expect(problemKind(null, { keyword: 'format', field: 'mail', params: { format: 'email' } })).toBe(
      'email',
    );
  });
});
