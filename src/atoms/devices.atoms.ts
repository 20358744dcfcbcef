/**
 * Devices as Jotai atoms over TanStack Query. The list refetches every 5 min while the
 * page is visible (SPEC.md section 9); devices are never deleted from this app.
 */
import { atomWithQuery } from 'jotai-tanstack-query';
import { atomFamily } from 'jotai-family';
import { deviceQueryOptions, devicesQueryOptions } from '../api/devices';

/** The organization's devices (`['devices']`). */
export const devicesAtom = atomWithQuery(() => devicesQueryOptions());

/** One device by its VORTEX device id (`['devices', id]`). */
export const deviceFamily = atomFamily((id: string) => atomWithQuery(() => deviceQueryOptions(id)));
