import { ErrorFilter } from './error.filter.js';

describe('ErrorFilter', () => {
  it('answers a write that found the disk full with the 507 of the free-space checks, not a 500', () => {
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
    const { body } = new ErrorFilter().toBody(enospc);
    expect(body).toEqual({ statusCode: 507, code: 'STORAGE.NO_SPACE', detail: 'Not enough storage space for this upload', message: 'Not enough storage space for this upload' });
  });
});
