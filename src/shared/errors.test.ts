import { describe, expect, it } from 'vitest';
import { AppError, BadRequestError, GENERIC_ERROR_MESSAGE, NotFoundError } from './errors.js';

describe('the error family', () => {
  it('carries its status, its name and its field problems (none by default)', () => {
    const plain = new AppError('boom');
    expect(plain).toMatchObject({ status: 500, name: 'AppError', message: 'boom', problems: [] });
    const bad = new BadRequestError('Fill required values', [{ path: 'groupName', message: 'x' }]);
    expect(bad).toMatchObject({
      status: 400,
      name: 'BadRequestError',
      problems: [{ path: 'groupName', message: 'x' }],
    });
    expect(new NotFoundError('page not found').status).toBe(404);
  });

  it('the generic message is the spec’s, word for word', () => {
    expect(GENERIC_ERROR_MESSAGE).toBe('Something went wrong, please try after sometime.');
  });
});
