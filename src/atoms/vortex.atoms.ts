/**
 * The VORTEX connection as Jotai atoms over TanStack Query (SPEC.md section 7 "Vortex").
 * Failures are not toasted here: the settings screen shows each inline, next to the
 * button that failed, from the problem's detail (`problemMessage`).
 */
import { atomWithMutation, atomWithQuery } from 'jotai-tanstack-query';
import { analyticsKeys } from '../api/analytics';
import { deviceKeys } from '../api/devices';
import { saveVortexCredentials, syncVortexDevices, testVortexConnection, vortexCredentialsQueryOptions, vortexKeys } from '../api/vortex';
import type { VortexCredentials, VortexCredentialsInput, VortexSyncResult } from '../api/vortex';

/** The saved connection (`['vortex', 'credentials']`); data null when none is saved. */
export const vortexCredentialsAtom = atomWithQuery(() => vortexCredentialsQueryOptions());

/** Saves the base URL and API key, or rotates the webhook secret; the saved credentials are replaced. */
export const saveVortexCredentialsAtom = atomWithMutation(() => ({
  mutationFn: (input: VortexCredentialsInput) => saveVortexCredentials(input),
  onSuccess: (saved: VortexCredentials, _input, _result, { client }) => {
    client.setQueryData(vortexKeys.credentials, saved);
  },
}));

/** Tests the saved connection. */
export const testVortexConnectionAtom = atomWithMutation(() => ({
  mutationFn: () => testVortexConnection(),
}));

/** Syncs the devices from VORTEX; the device list, the device metrics and the last sync time are refetched. */
export const syncVortexDevicesAtom = atomWithMutation(() => ({
  mutationFn: () => syncVortexDevices(),
  onSuccess: async (result: VortexSyncResult, _input, _result, { client }) => {
    client.setQueryData<VortexCredentials | null>(vortexKeys.credentials, (saved) =>
      saved && result.last_sync_at ? { ...saved, last_sync_at: result.last_sync_at } : saved,
    );
    await Promise.all([client.invalidateQueries({ queryKey: deviceKeys.all }), client.invalidateQueries({ queryKey: analyticsKeys.metrics })]);
  },
}));

/**
 * Makes a new webhook secret for the saved connection (base URL and key kept). VORTEX
 * refuses nothing but Floorwatch refuses VORTEX's webhooks until the new secret is pasted
 * into its webhook profile, so the screen asks first.
 */
export const rotateVortexSecretAtom = atomWithMutation(() => ({
  mutationFn: (baseUrl: string) => saveVortexCredentials({ base_url: baseUrl, rotate_webhook_secret: true }),
  onSuccess: (saved: VortexCredentials, _input, _result, { client }) => {
    client.setQueryData(vortexKeys.credentials, saved);
  },
}));
