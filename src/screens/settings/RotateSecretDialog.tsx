import type { RefObject } from 'react';
import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { VORTEX_WEBHOOK_SECRET_HEADER } from './vortexWebhookTemplate';

export interface RotateSecretDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  /** The Rotate secret button: focus goes back there on close (it is no `AlertDialog.Trigger`). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** Asks before the webhook secret is rotated (`VortexWebhookDetails`); loaded apart from the settings page. */
export function RotateSecretDialog({ open, onOpenChange, onConfirm, returnFocusTo }: RotateSecretDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Content
        maxWidth="460px"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <AlertDialog.Title>Rotate the webhook secret?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          Floorwatch will refuse VORTEX’s events until you paste the new secret into the {VORTEX_WEBHOOK_SECRET_HEADER} header of the
          webhook profile in the VORTEX portal.
        </AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button color="orange" onClick={onConfirm}>
              Rotate secret
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
