import { describe, expect, it } from 'vitest';
import { normaliseNotificationPage, toNotification } from '../../src/api/notifications';

const wire = {
  id: 'n-1',
  alert_id: 'a-1',
  title: 'Intrusion: Lobby camera',
  body: 'Intrusion detected',
  read: false,
  read_at: null,
  created_at: '2025-06-01T00:00:00.000Z',
};

describe('notifications wire shape (server/notifications/schemas.ts)', () => {
  it('reads the server page and whether more exist', () => {
    expect(normaliseNotificationPage({ notifications: [wire], next_cursor: 'abc' })).toEqual({ notifications: [wire], more: true });
    expect(normaliseNotificationPage({ notifications: [wire], next_cursor: null }).more).toBe(false);
    expect(normaliseNotificationPage([wire]).notifications).toEqual([wire]);
  });

  it('skips records without an id and fills absent fields', () => {
    expect(normaliseNotificationPage({ notifications: [{ title: 'x' }, 7, { id: 'n-2' }] }).notifications).toEqual([
      { id: 'n-2', alert_id: null, title: 'Notification', body: null, read: false, read_at: null, created_at: '' },
    ]);
    expect(toNotification({ ...wire, read: 'yes' })?.read).toBe(false);
    expect(normaliseNotificationPage('oops')).toEqual({ notifications: [], more: false });
  });
});
