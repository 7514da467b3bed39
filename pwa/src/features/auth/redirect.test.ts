import { describe, expect, it } from 'vitest';
import { redirectTarget, withRedirect } from './redirect';

describe('login redirect', () => {
  it('reads a raw target, its own query included', () => {
    expect(redirectTarget('?redirect=/booking?id=X')).toBe('/booking?id=X');
    expect(redirectTarget('?redirect=/booking?id=X&return=Y')).toBe('/booking?id=X&return=Y');
  });

  it('reads an encoded target', () => {
    expect(redirectTarget('?redirect=%2Fbooking%3Fid%3DX%26return%3DY')).toBe('/booking?id=X&return=Y');
    expect(redirectTarget('?redirect=%2Fdashboard%2Fbookings&forgot=1')).toBe('/dashboard/bookings');
  });

  it('falls back to home without a target or for another site', () => {
    expect(redirectTarget('')).toBe('/');
    expect(redirectTarget('?forgot=1')).toBe('/');
    expect(redirectTarget('?redirect=https://evil.example/')).toBe('/');
    expect(redirectTarget('?redirect=//evil.example/')).toBe('/');
    expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%E0%A4%A')).toBe('/');
  });

  it('carries the target to the other auth page', () => {
    expect(withRedirect('/signup', '/booking?id=X')).toBe('/signup?redirect=%2Fbooking%3Fid%3DX');
    expect(withRedirect('/login', '/')).toBe('/login');
    expect(redirectTarget(withRedirect('/signup', '/booking?id=X&return=Y').split('?').slice(1).join('?'))).toBe('/booking?id=X&return=Y');
  });
});
