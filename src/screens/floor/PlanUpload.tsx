import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Flex } from '@radix-ui/themes';
import { ImageIcon, UploadIcon } from '@radix-ui/react-icons';
import { useAtomValue } from 'jotai';
import { uploadFloorPlanAtom } from '../../atoms/floors.atoms';
import { isAcceptedImage } from '../../lib/imageFiles';
import { toaster } from '../../lib/toaster';
import { EmptyState } from '../common/EmptyState';
import { FormField } from '../common/FormField';
import { ImageFileInput } from '../common/ImageFileInput';

/** Shown for a floor without a plan: pick an image and upload it (`POST /v1/floors/{id}/plan-image`). */
export function PlanUpload({ floorId }: { floorId: string }) {
  const upload = useAtomValue(uploadFloorPlanAtom);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) return setError('Choose a floor plan to upload');
    if (!isAcceptedImage(file)) return setError('Floor plan must be a PNG, JPEG, WebP or SVG image');
    upload.mutate({ floorId, file }, { onSuccess: () => toaster.success('Floor plan uploaded', file.name) });
  };

  return (
    <EmptyState
      icon={<ImageIcon width={22} height={22} />}
      title="No floor plan yet"
      description="Upload the floor plan to place cameras on it. PNG, JPEG, WebP or SVG."
      action={
        <form onSubmit={submit} noValidate aria-label="Upload floor plan" style={{ width: 'min(100%, 420px)' }}>
          <Flex direction="column" gap="3">
            <FormField id="plan-file" label="Floor plan" error={error}>
              <ImageFileInput
                id="plan-file"
                file={file}
                error={error}
                onChange={(next) => {
                  setFile(next);
                  setError(undefined);
                }}
              />
            </FormField>
            <Button type="submit" loading={upload.isPending}>
              <UploadIcon /> Upload floor plan
            </Button>
          </Flex>
        </form>
      }
    />
  );
}
