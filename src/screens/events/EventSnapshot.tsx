import { useRef, useState } from 'react';
import { Flex, Skeleton } from '@radix-ui/themes';
import { ImageIcon } from '@radix-ui/react-icons';
import { lazyOnIdle } from '../../lib/lazyOnIdle';
import type { SnapshotDevice } from '../../lib/snapshotCache/policy';
import { useSnapshot } from '../../lib/snapshotCache/useSnapshot';

/** The large view (Radix Dialog) loads on idle or on the first click (issue 5 "Weight of the pages"). */
const SnapshotDialog = lazyOnIdle(
  () => import('./SnapshotDialog').then((m) => m.SnapshotDialog),
  (props) => props.open,
);

const THUMB = { width: 96, height: 54 } as const;

/**
 * An event's snapshot thumbnail through the snapshot cache (SPEC.md sections 3 and 9);
 * a click opens the image larger. `eventTimestamp` is the event's `local_time`, Unix
 * seconds. Shows the cache entry's message when the image could not be had.
 */
export function EventSnapshot({ device, eventTimestamp, label }: { device: SnapshotDevice; eventTimestamp: number; label: string }) {
  const { imageUrl, isLoading, error } = useSnapshot(device, eventTimestamp);
  const [open, setOpen] = useState(false);
  const thumb = useRef<HTMLButtonElement>(null);

  if (imageUrl) {
    return (
      <>
        <button
          ref={thumb}
          type="button"
          className="fw-event-thumb"
          aria-label={`Open snapshot of ${label}`}
          aria-haspopup="dialog"
          aria-expanded={open}
          data-state={open ? 'open' : 'closed'}
          onClick={() => setOpen(true)}
        >
          <img src={imageUrl} alt="" width={THUMB.width} height={THUMB.height} />
        </button>
        <SnapshotDialog open={open} onOpenChange={setOpen} imageUrl={imageUrl} label={label} returnFocusTo={thumb} />
      </>
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
