import { AlertDialog, Button, Flex } from '@radix-ui/themes';

/**
 * Asks before a device placed on another floor moves to this one (issue 4 "Selection,
 * placing"): placing it here takes it off the other floor. `deviceName` null keeps it closed.
 */
export function MoveDeviceDialog({ deviceName, onConfirm, onCancel }: { deviceName: string | null; onConfirm: () => void; onCancel: () => void }) {
  return (
    <AlertDialog.Root open={deviceName !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>Move {deviceName} to this floor?</AlertDialog.Title>
        <AlertDialog.Description size="2">{deviceName} is placed on another floor. Placing it here removes it from that floor.</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button onClick={onConfirm}>Move here</Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
