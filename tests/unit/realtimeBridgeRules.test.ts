import { describe, expect, it } from 'vitest';
import { streamAuthEvents } from '../../src/lib/realtimeAuth';
import type { StreamAuthView } from '../../src/lib/realtimeAuth';
import { alertToast, deviceLocationPath, raisesOpenAlert, SHOW_ON_FLOOR_LABEL } from '../../src/lib/alertToast';
import type { RealtimeEvent } from '../../src/lib/realtimeEvents';

const view = (overrides: Partial<StreamAuthView> = {}): StreamAuthView => ({
  initialised: true,
  authenticated: true,
  token: 'access-1',
  ...overrides,
});

describe('streamAuthEvents (SPEC.md section 4: the stream follows the session)', () => {
  it('says nothing before auth is initialised', () => {
    expect(streamAuthEvents(null, view({ initialised: false, authenticated: false, token: null }))).toEqual([]);
  });

  it('sends auth.ready at initialisation, authenticated or not', () => {
    expect(streamAuthEvents(null, view())).toEqual([{ type: 'auth.ready', authenticated: true, token: 'access-1' }]);
    const uninitialised = view({ initialised: false, authenticated: false, token: null });
    expect(streamAuthEvents(uninitialised, view({ authenticated: false, token: null }))).toEqual([
      { type: 'auth.ready', authenticated: false, token: null },
    ]);
  });

  it('sends auth.ready again on a later sign-in and auth.signedOut on sign-out', () => {
    const out = view({ authenticated: false, token: null });
    expect(streamAuthEvents(out, view())).toEqual([{ type: 'auth.ready', authenticated: true, token: 'access-1' }]);
    expect(streamAuthEvents(view(), out)).toEqual([{ type: 'auth.signedOut' }]);
  });

  it('sends token.changed when a refresh brings a new token, and nothing when nothing changed', () => {
    expect(streamAuthEvents(view(), view({ token: 'access-2' }))).toEqual([{ type: 'token.changed', token: 'access-2' }]);
    expect(streamAuthEvents(view(), view())).toEqual([]);
    const out = view({ authenticated: false, token: null });
    expect(streamAuthEvents(out, out)).toEqual([]);
  });
});

const event = (overrides: Partial<RealtimeEvent> = {}): RealtimeEvent => ({
  id: 'evt-1',
  device_id: 'cam-1',
  device_name: 'Lobby camera',
  mapped_device_id: 'cam-1',
  device_mac: null,
  event_type: 'Intrusion',
  event_name: 'Intrusion detected',
  local_time: 1_700_000_000,
  ...overrides,
});

describe('alert toasts', () => {
  it('raises for the alert types, or as the server says when it sends the alert', () => {
    expect(raisesOpenAlert(event())).toBe(true);
    expect(raisesOpenAlert(event({ event_type: 'Line crossing' }))).toBe(true);
    expect(raisesOpenAlert(event({ event_type: 'Tampering' }))).toBe(true);
    expect(raisesOpenAlert(event({ event_type: 'Video motion' }))).toBe(false);
    expect(raisesOpenAlert(event({ alert: { id: 'a', resolved: true } }))).toBe(false);
    expect(raisesOpenAlert(event({ alert: null }))).toBe(false);
    expect(raisesOpenAlert(event({ event_type: 'Custom rule', alert: { id: 'a', resolved: false } }))).toBe(true);
  });

  it('titles the toast by type, names the device and the time, and offers Show on floor', () => {
    const action = () => {};
    const at = 1_700_000_000_000;
    const toast = alertToast(event(), at + 5 * 60_000, action);
    expect(toast).toMatchObject({ type: 'error', title: 'Intrusion', message: 'Lobby camera · 5m ago', persistent: false });
    expect(toast.actions).toEqual([{ label: SHOW_ON_FLOOR_LABEL, action, variant: 'primary' }]);
    expect(alertToast(event({ event_type: 'Line crossing' }), at, action).type).toBe('error');
    expect(alertToast(event({ event_type: 'Tampering', device_name: '' }), at, action)).toMatchObject({
      type: 'warning',
      message: 'cam-1 · Just now',
    });
  });

  it('goes to the floor with ?device= when placed, else to the device page', () => {
    expect(deviceLocationPath('cam-1', 'f1')).toBe('/floors/f1?device=cam-1');
    expect(deviceLocationPath('cam 1/a', 'f 2')).toBe('/floors/f%202?device=cam%201%2Fa');
    expect(deviceLocationPath('cam-1', null)).toBe('/devices/cam-1');
  });
});
