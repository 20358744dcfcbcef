import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Flex } from '@radix-ui/themes';
import { ImageIcon, UploadIcon } from '@radix-ui/react-icons';
import { useAtomValue } from 'jotai';
import { problemMessage } from '../../api/client';
import { uploadFloorPlanAtom } from '../../atoms/floors.atoms';
import { toaster } from '../../lib/toaster';
import { EmptyState } from '../common/EmptyState';
import { PlanFileField } from './plans/PlanFileField';
import { PLAN_UPLOAD_FAILED } from './plans/usePlanFileActions';

/**
 * Shown for a floor without a plan: pick an image, or a PDF whose page is rendered to a
 * PNG in the browser, and upload it (`POST /v1/floors/{id}/plan-image`). A failure shows
 * under the field (and as a toast).
 */
export function PlanUpload({ floorId }: { floorId: string }) {
  const upload = useAtomValue(uploadFloorPlanAtom);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) return setError('Choose a floor plan to upload');
    upload.mutate(
      { floorId, file },
      {
        onSuccess: () => toaster.success('Floor plan uploaded', file.name),
        onError: (failure) => setError(problemMessage(failure, PLAN_UPLOAD_FAILED)),
      },
    );
  };

  return (
    <EmptyState
      icon={<ImageIcon width={22} height={22} />}
      title="No floor plan yet"
      description="Upload the floor plan to place cameras on it. PNG, JPEG, WebP or SVG, or a page of a PDF."
      action={
        <form onSubmit={submit} noValidate aria-label="Upload floor plan" style={{ width: 'min(100%, 420px)' }}>
          <Flex direction="column" gap="3">
            <PlanFileField
              id="plan-file"
              file={file}
              error={error}
              onChange={(next) => {
                setFile(next);
                setError(undefined);
              }}
            />
            <Button type="submit" loading={upload.isPending}>
              <UploadIcon /> Upload floor plan
            </Button>
          </Flex>
        </form>
      }
    />
  );
}
