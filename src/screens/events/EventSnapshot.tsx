import { useState } from 'react';
import { Dialog, Flex, Skeleton } from '@radix-ui/themes';
import { ImageIcon } from '@radix-ui/react-icons';
import type { SnapshotDevice } from '../../lib/snapshotCache/policy';
import { useSnapshot } from '../../lib/snapshotCache/useSnapshot';

const THUMB = { width: 96, height: 54 } as const;

/**
 * An event's snapshot thumbnail through the snapshot cache (SPEC.md sections 3 and 9);
 * a click opens the image larger. `eventTimestamp` is the event's `local_time`, Unix
 * seconds. Shows the cache entry's message when the image could not be had.
 */
export function EventSnapshot({ device, eventTimestamp, label }: { device: SnapshotDevice; eventTimestamp: number; label: string }) {
  const { imageUrl, isLoading, error } = useSnapshot(device, eventTimestamp);
  const [open, setOpen] = useState(false);

  if (imageUrl) {
    return (
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger>
          <button type="button" className="fw-event-thumb" aria-label={`Open snapshot of ${label}`}>
            <img src={imageUrl} alt="" width={THUMB.width} height={THUMB.height} />
          </button>
        </Dialog.Trigger>
        <Dialog.Content maxWidth="960px" aria-describedby={undefined}>
          <Dialog.Title size="3">{label}</Dialog.Title>
          <img src={imageUrl} alt={`Snapshot of ${label}`} style={{ display: 'block', width: '100%', height: 'auto', borderRadius: 'var(--radius-2)' }} />
        </Dialog.Content>
      </Dialog.Root>
    );
  }
  if (isLoading) return <Skeleton width={`${THUMB.width}px`} height={`${THUMB.height}px`} aria-label="Loading snapshot" />;
  const message = error ?? 'No snapshot';
  return (
    <Flex role="img" aria-label={message} title={message} align="center" justify="center" className="fw-event-thumb-empty">
      <ImageIcon />
    </Flex>
  );
}
