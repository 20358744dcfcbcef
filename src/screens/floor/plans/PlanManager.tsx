import { useState } from 'react';
import type { FormEvent } from 'react';
import { Box, Button, Card, Flex, Heading, Separator, Skeleton, Text } from '@radix-ui/themes';
import { UploadIcon } from '@radix-ui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { floorPlansQueryOptions } from '../../../api/floors';
import { problemMessage } from '../../../api/client';
import type { Floor, FloorPlanFile } from '../../../api/types';
import { ConfirmDeleteDialog } from '../../common/ConfirmDeleteDialog';
import { FormAlert } from '../../common/FormAlert';
import { PlanFileField } from './PlanFileField';
import { PlanFileRow } from './PlanFileRow';
import { usePlanFileActions } from './usePlanFileActions';

/**
 * The floor's plan files (`GET /v1/floors/{id}/floor-plans`) with thumbnails, names and
 * sizes. In edit mode: upload a new plan (it becomes current), replace the current one
 * (upload, then delete the old file), make another file current, and delete a file that
 * is not current after confirming. Markers keep their percent positions throughout.
 * Failures show inline: the problem's detail or title, else 'Failed to upload floor
 * plan', 'Failed to delete floor plan' or 'Failed to update floor'.
 */
export function PlanManager({ floor, editable }: { floor: Pick<Floor, 'id' | 'building_id' | 'floor_plan_filename'>; editable: boolean }) {
  const plans = useQuery(floorPlansQueryOptions(floor.id));
  const actions = usePlanFileActions(floor);
  const [file, setFile] = useState<File | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formKey, setFormKey] = useState(0);
  const [confirming, setConfirming] = useState<FloorPlanFile | null>(null);
  const current = floor.floor_plan_filename;
  const busy = actions.upload.isPending || actions.makeCurrent.isPending || actions.remove.isPending;

  const upload = (replacing: string | null) => {
    if (!file) return setFieldError('Choose a floor plan to upload');
    actions.upload.mutate(
      { file, replacing },
      {
        onSuccess: () => {
          setFile(null);
          setFormKey((key) => key + 1);
        },
      },
    );
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    upload(null);
  };

  return (
    <Card size="2" asChild>
      <section aria-labelledby="plan-manager-title">
        <Flex direction="column" gap="3">
          <Heading id="plan-manager-title" as="h2" size="3">
            Floor plans
          </Heading>
          {plans.isPending && <Skeleton height="56px" />}
          {plans.error && <FormAlert message={problemMessage(plans.error, 'Failed to load floor data')} />}
          {plans.data && plans.data.length === 0 && (
            <Text size="2" color="gray">
              No plan files.
            </Text>
          )}
          {plans.data && plans.data.length > 0 && (
            <Box role="list" aria-label="Floor plan files">
              {plans.data.map((plan) => (
                <PlanFileRow
                  key={plan.file_name}
                  plan={plan}
                  current={plan.file_name === current}
                  editable={editable}
                  busy={busy}
                  onMakeCurrent={() => actions.makeCurrent.mutate(plan.file_name)}
                  onDelete={() => setConfirming(plan)}
                />
              ))}
            </Box>
          )}
          {actions.error && <FormAlert message={actions.error} />}
          {editable && (
            <>
              <Separator size="4" />
              <form onSubmit={submit} noValidate aria-label="Add a floor plan">
                <Flex direction="column" gap="3">
                  <PlanFileField
                    key={formKey}
                    id="plan-manager-file"
                    file={file}
                    error={fieldError}
                    onChange={(next) => {
                      setFile(next);
                      setFieldError(undefined);
                    }}
                  />
                  <Flex gap="2" wrap="wrap">
                    <Button type="submit" loading={actions.upload.isPending && actions.upload.variables?.replacing === null} disabled={busy}>
                      <UploadIcon /> Upload new plan
                    </Button>
                    {current !== null && (
                      <Button
                        type="button"
                        variant="soft"
                        loading={actions.upload.isPending && actions.upload.variables?.replacing !== null}
                        disabled={busy}
                        onClick={() => upload(current)}
                      >
                        Replace current plan
                      </Button>
                    )}
                  </Flex>
                </Flex>
              </form>
            </>
          )}
        </Flex>
        <ConfirmDeleteDialog
          open={confirming !== null}
          onOpenChange={(open) => !open && setConfirming(null)}
          title="Delete floor plan"
          description={`Delete ${confirming?.file_name ?? 'this plan file'}? This cannot be undone.`}
          confirmLabel="Delete"
          pending={actions.remove.isPending}
          onConfirm={() => {
            if (confirming) actions.remove.mutate(confirming.file_name, { onSettled: () => setConfirming(null) });
          }}
        />
      </section>
    </Card>
  );
}
