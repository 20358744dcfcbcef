import { Button, Flex } from '@radix-ui/themes';

/** A dialog form's buttons: Cancel, then the submit button showing `pending`. */
export function FormActions({ submitLabel, pending, onCancel }: { submitLabel: string; pending: boolean; onCancel: () => void }) {
  return (
    <Flex gap="3" justify="end" mt="2">
      <Button type="button" variant="soft" color="gray" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Flex>
  );
}
