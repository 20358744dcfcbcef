import { Dialog, Flex, Kbd, Table, Text } from '@radix-ui/themes';
import { comboKeys, SHORTCUTS } from '../../machines/floorEditor/shortcuts';

const platform = (): 'mac' | 'other' => (typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? 'mac' : 'other');

/**
 * The `?` overlay (issue 4 "Keyboard"): every shortcut of the floor editor, read from the
 * one registry `SHORTCUTS`, so the list cannot drift from what the keys do.
 */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const on = platform();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="560px">
        <Dialog.Title>Keyboard shortcuts</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          Shortcuts work on the floor plan and its lists, never while typing in a field.
        </Dialog.Description>
        <Table.Root size="1">
          <Table.Body>
            {SHORTCUTS.map((shortcut) => (
              <Table.Row key={shortcut.id}>
                <Table.Cell>
                  <Text size="2">{shortcut.label}</Text>
                </Table.Cell>
                <Table.Cell>
                  <Flex gap="2" wrap="wrap">
                    {shortcut.keys.map((combo) => (
                      <Kbd key={comboKeys(combo, on).join('+')}>{comboKeys(combo, on).join(on === 'mac' ? '' : '+')}</Kbd>
                    ))}
                  </Flex>
                </Table.Cell>
              </Table.Row>
            ))}
            <Table.Row>
              <Table.Cell>
                <Text size="2">Select (Shift: add or remove); drag on the empty plan to select an area</Text>
              </Table.Cell>
              <Table.Cell>
                <Kbd>Click</Kbd>
              </Table.Cell>
            </Table.Row>
          </Table.Body>
        </Table.Root>
      </Dialog.Content>
    </Dialog.Root>
  );
}
