import { Callout } from '@radix-ui/themes';
import { CheckCircledIcon, ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { problemMessage } from '../../api/client';
import type { VortexSyncResult as SyncResult } from '../../api/vortex';
import { syncSummary } from '../settings/VortexConnectionChecks';

/**
 * The outcome of "Sync from VORTEX", inline under the page header: the counts, the plan
 * limit's detail when new devices were skipped, or the problem's detail ('Failed to sync
 * with Vortex' when it gives none, SPEC.md section 8).
 */
export function VortexSyncResult({ result, error }: { result: SyncResult | undefined; error: unknown }) {
  if (error) {
    return (
      <Callout.Root color="red" role="alert" mb="4">
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Callout.Text>{problemMessage(error, 'Failed to sync with Vortex')}</Callout.Text>
      </Callout.Root>
    );
  }
  if (!result) return null;
  const skipped = result.skipped > 0;
  return (
    <Callout.Root color={skipped ? 'amber' : 'green'} role="status" mb="4">
      <Callout.Icon>{skipped ? <InfoCircledIcon /> : <CheckCircledIcon />}</Callout.Icon>
      <Callout.Text>
        {syncSummary(result)}
        {skipped && ` ${result.limit_detail ?? `${result.skipped} new devices were not added: the plan's device limit is reached.`}`}
      </Callout.Text>
    </Callout.Root>
  );
}
