import { Flex, Text } from '@radix-ui/themes';
import { UploadIcon } from '@radix-ui/react-icons';
import { ACCEPTED_IMAGE_ATTRIBUTE } from '../../lib/imageFiles';
import { fieldA11y } from './FormField';

/**
 * A file picker for PNG, JPEG, WebP or SVG images, drawn as a drop-zone style box.
 * The native input stays in the tree (visually hidden) so the label and keyboard work.
 */
export function ImageFileInput({
  id,
  file,
  error,
  onChange,
}: {
  id: string;
  file: File | null;
  error?: string;
  onChange: (file: File | null) => void;
}) {
  return (
    <Flex
      asChild
      align="center"
      gap="3"
      p="3"
      style={{
        border: `1px dashed ${error ? 'var(--red-8)' : 'var(--gray-7)'}`,
        borderRadius: 'var(--radius-3)',
        cursor: 'pointer',
      }}
    >
      <label htmlFor={id}>
        <UploadIcon aria-hidden />
        <Text size="2" color={file ? undefined : 'gray'}>
          {file ? file.name : 'Choose a PNG, JPEG, WebP or SVG image'}
        </Text>
        <input
          {...fieldA11y(id, error)}
          type="file"
          accept={ACCEPTED_IMAGE_ATTRIBUTE}
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
          onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
        />
      </label>
    </Flex>
  );
}
