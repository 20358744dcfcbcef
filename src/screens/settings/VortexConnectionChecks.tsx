import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { Button, Flex, Text } from '@radix-ui/themes';
import { problemMessage } from '../../api/client';
import type { VortexCredentials, VortexSyncResult } from '../../api/vortex';
import { syncVortexDevicesAtom, testVortexConnectionAtom } from '../../atoms/vortex.atoms';

/** "Synced 20 devices: 3 new, 17 updated, 1 marked offline." */
export function syncSummary(result: VortexSyncResult): string {
  const devices = result.total === 1 ? '1 device' : `${result.total} devices`;
  return `Synced ${devices}: ${result.created} new, ${result.updated} updated, ${result.marked_offline} marked offline.`;
}

/**
 * Test connection and Sync devices, each with its result inline: VORTEX's version, or
 * the device counts, or the problem's detail ('Failed to sync with Vortex' as the
 * fallback, SPEC.md section 8). Both need saved credentials.
 */
export function VortexConnectionChecks({ saved }: { saved: VortexCredentials | null }) {
  const test = useAtomValue(testVortexConnectionAtom);
  const sync = useAtomValue(syncVortexDevicesAtom);
  const { reset: resetTest } = test;
  const { reset: resetSync } = sync;
  useEffect(() => resetTest, [resetTest]);
  useEffect(() => resetSync, [resetSync]);
  const disabled = saved === null;

  return (
    <Flex direction="column" gap="3">
      <Flex align="center" gap="3" wrap="wrap">
        <Button type="button" variant="soft" disabled={disabled} loading={test.isPending} onClick={() => test.mutate()}>
          Test connection
        </Button>
        {test.isSuccess && (
          <Text size="2" color="green" role="status">
            {test.data.version ? `Connected to VORTEX ${test.data.version}.` : 'Connected to VORTEX.'}
          </Text>
        )}
        {test.isError && (
          <Text size="2" color="red" role="alert">
            {problemMessage(test.error, 'Failed to connect to VORTEX')}
          </Text>
        )}
      </Flex>
      <Flex align="center" gap="3" wrap="wrap">
        <Button type="button" variant="soft" disabled={disabled} loading={sync.isPending} onClick={() => sync.mutate()}>
          Sync devices
        </Button>
        {sync.isSuccess && (
          <Text size="2" color="green" role="status">
            {syncSummary(sync.data)}
          </Text>
        )}
        {sync.isError && (
          <Text size="2" color="red" role="alert">
            {problemMessage(sync.error, 'Failed to sync with Vortex')}
          </Text>
        )}
      </Flex>
      <Text size="1" color="gray">
        {disabled
          ? 'Save the base URL and API key first.'
          : saved.last_sync_at
            ? `Devices last synced ${new Date(saved.last_sync_at).toLocaleString()}.`
            : 'Devices not synced yet.'}
      </Text>
    </Flex>
  );
}
