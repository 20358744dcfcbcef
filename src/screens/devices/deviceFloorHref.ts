/**
 * The floor a device sits on, opened in view mode with that device selected and centred
 * (the floor route's `?device=` parameter, src/screens/floor/floorPulses.ts).
 */
export const deviceFloorHref = (floorId: string, deviceId: string): string =>
  `/floors/${encodeURIComponent(floorId)}?mode=view&device=${encodeURIComponent(deviceId)}`;
