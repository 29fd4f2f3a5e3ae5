import { ErrorFilter } from './error.filter.js';

describe('ErrorFilter', () => {
  it('answers a write that found the disk full with the 507 of the free-space checks, not a 500', () => {
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
    const { body } = new ErrorFilter().toBody(enospc);
    expect(body).toEqual({ statusCode: 507, code: 'STORAGE.NO_SPACE', detail: 'Not enough storage space for this upload', message: 'Not enough storage space for this upload' });
  });

  it("answers a text too long for its column (PostgreSQL's 22001) with a 400, not a 500", () => {
    const tooLong = Object.assign(new Error('value too long for type character varying(100)'), { code: '22001' });
    const { body } = new ErrorFilter().toBody(tooLong);
    expect(body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', detail: 'A text in the request is too long', message: 'A text in the request is too long' });
  });
});
