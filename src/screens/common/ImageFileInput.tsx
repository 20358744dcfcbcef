import { Flex, Text } from '@radix-ui/themes';
import { UploadIcon } from '@radix-ui/react-icons';
import { ACCEPTED_IMAGE_ATTRIBUTE } from '../../lib/imageFiles';
import { fieldA11y } from './FormField';

/**
 * A file picker drawn as a drop-zone style box: by default for PNG, JPEG, WebP or SVG
 * images; `accept` and `prompt` widen it (the floor plan field also takes PDFs). The
 * native input stays in the tree (visually hidden) so the label and keyboard work.
 */
export function ImageFileInput({
  id,
  file,
  error,
  onChange,
  accept = ACCEPTED_IMAGE_ATTRIBUTE,
  prompt = 'Choose a PNG, JPEG, WebP or SVG image',
}: {
  id: string;
  /** The chosen file, whose name is shown; null shows `prompt`. */
  file: File | null;
  error?: string;
  onChange: (file: File | null) => void;
  /** The input's `accept` attribute. */
  accept?: string;
  prompt?: string;
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
          {file ? file.name : prompt}
        </Text>
        <input
          {...fieldA11y(id, error)}
          type="file"
          accept={accept}
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
          onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
        />
      </label>
    </Flex>
  );
}
