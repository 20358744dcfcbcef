import type { RefObject } from 'react';
import { Dialog } from '@radix-ui/themes';

export interface SnapshotDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  imageUrl: string;
  label: string;
  /** The thumbnail that opened it: focus goes back there on close (it is no `Dialog.Trigger`). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** An event's snapshot, large (SPEC.md section 9); loaded apart from the events list (`EventSnapshot`). */
export function SnapshotDialog({ open, onOpenChange, imageUrl, label, returnFocusTo }: SnapshotDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content
        maxWidth="960px"
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <Dialog.Title size="3">{label}</Dialog.Title>
        <img src={imageUrl} alt={`Snapshot of ${label}`} style={{ display: 'block', width: '100%', height: 'auto', borderRadius: 'var(--radius-2)' }} />
      </Dialog.Content>
    </Dialog.Root>
  );
}
