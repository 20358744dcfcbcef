import { describe, expect, it } from 'vitest';
import { FetchError } from 'ofetch';
import { problemMessage } from '../../src/api/client';

function fetchError(data: unknown, status = 400): FetchError {
  const error = new FetchError(`[GET] "/v1/x": ${status}`);
  Object.assign(error, { data, status, statusCode: status });
  return error;
}

describe('problemMessage (SPEC.md section 8)', () => {
  it('prefers the problem detail', () => {
    const error = fetchError({ type: 'about:blank', title: 'Bad Request', status: 400, detail: 'name must not be empty' });
    expect(problemMessage(error, 'Failed to create building')).toBe('name must not be empty');
  });

  it('falls back to the title when detail is missing or blank', () => {
    expect(problemMessage(fetchError({ title: 'Not Found', status: 404 }), 'Failed to load floor')).toBe('Not Found');
    expect(problemMessage(fetchError({ title: 'Conflict', detail: '   ' }), 'Failed to update floor')).toBe('Conflict');
  });

  it('uses message only for calls that ask for it (device list)', () => {
    const error = fetchError({ message: 'Upstream VMS unavailable' }, 502);
    expect(problemMessage(error, 'Failed to load devices')).toBe('Failed to load devices');
    expect(problemMessage(error, 'Failed to load devices', { withMessage: true })).toBe('Upstream VMS unavailable');
  });

  it('keeps detail and title ahead of message for the device list', () => {
    const error = fetchError({ title: 'Bad Gateway', message: 'ignored' }, 502);
    expect(problemMessage(error, 'Failed to load devices', { withMessage: true })).toBe('Bad Gateway');
  });

  it('shows the fallback for errors without a problem body', () => {
    expect(problemMessage(new TypeError('Failed to fetch'), 'Failed to load buildings')).toBe('Failed to load buildings');
    expect(problemMessage(fetchError('<html>oops</html>', 500), 'Failed to delete floor')).toBe('Failed to delete floor');
    expect(problemMessage(null, 'Authentication failed')).toBe('Authentication failed');
  });
});
