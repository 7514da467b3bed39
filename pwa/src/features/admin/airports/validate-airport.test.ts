import { describe, expect, it } from 'vitest';
import { airportBody, airportErrors } from './validate-airport';

const good = { name: 'Kotoka International', code: 'acc', city: 'Accra', country: 'Ghana', timeZone: '' };

describe('airport validation', () => {
  it('uses the spec texts', () => {
    expect(airportErrors({ name: '', code: '', city: '', country: '', timeZone: '' })).toEqual({
      name: 'Airport name is required',
      code: 'Airport code must be exactly 3 letters',
      city: 'City is required',
      country: 'Country is required',
    });
    expect(airportErrors({ ...good, code: 'AC1' })).toEqual({ code: 'Airport code must be exactly 3 letters' });
    expect(airportErrors({ ...good, code: 'ACCR' })).toEqual({ code: 'Airport code must be exactly 3 letters' });
    expect(airportErrors(good)).toEqual({});
  });

  it('leaves an empty time zone to the server, and checks a given one', () => {
    expect(airportBody(good)).toEqual({ name: 'Kotoka International', code: 'ACC', city: 'Accra', country: 'Ghana' });
    expect(airportBody({ ...good, timeZone: 'Africa/Accra' }).timeZone).toBe('Africa/Accra');
    expect(airportErrors({ ...good, timeZone: 'Mars/Base' })).toEqual({ timeZone: 'Time zone must be an IANA name such as Europe/London' });
  });
});
