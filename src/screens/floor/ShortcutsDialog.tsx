import { useRef } from 'react';
import { Dialog, Flex, Kbd, Table, Text } from '@radix-ui/themes';
import { comboKeys, SHORTCUTS } from '../../machines/floorEditor/shortcuts';

const platform = (): 'mac' | 'other' => (typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? 'mac' : 'other');

/**
 * The `?` overlay (issue 4 "Keyboard"): every shortcut of the floor editor, read from the
 * one registry `SHORTCUTS`, so the list cannot drift from what the keys do. Closing it
 * gives the focus back to the element that had it when it opened.
 */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const on = platform();
  // Opened by a key, the dialog has no trigger to give the focus back to (Radix's default):
  // it goes back where it was, e.g. the placed-device list, so keyboard work carries on.
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content
        maxWidth="560px"
        onOpenAutoFocus={() => {
          returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          const element = returnFocus.current;
          returnFocus.current = null;
          if (!element?.isConnected || element === document.body) return;
          event.preventDefault();
          element.focus();
        }}
      >
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
