import { Flex, Grid } from '@radix-ui/themes';
import type { FloorInput } from '../../api/floors';
import { FormField } from '../common/FormField';
import { FormActions } from '../common/FormActions';
import { TextInputField } from '../common/TextInputField';
import { ImageFileInput } from '../common/ImageFileInput';
import { initialFloorValues, validateFloorForm } from './floorFormValues';
import type { FloorFormValues } from './floorFormValues';
import { useCheckedForm } from '../../lib/useCheckedForm';

/** The new-floor form: name, level and an optional floor plan, checked before sending. */
export function FloorForm({
  buildingId,
  nextLevel,
  pending,
  onSubmit,
  onCancel,
}: {
  buildingId: string;
  nextLevel: number;
  pending: boolean;
  onSubmit: (input: FloorInput) => void;
  onCancel: () => void;
}) {
  const { values, errors, set, submit } = useCheckedForm(
    () => initialFloorValues(nextLevel),
    (v: FloorFormValues) => validateFloorForm(v, buildingId),
    onSubmit,
  );

  return (
    <form onSubmit={submit} noValidate aria-label="New floor">
      <Flex direction="column" gap="4">
        <Grid columns="3fr 1fr" gap="3">
          <TextInputField
            id="floor-name"
            label="Name"
            required
            error={errors.name}
            placeholder="Ground floor"
            value={values.name}
            onChange={(v) => set('name', v)}
            autoFocus
          />
          <TextInputField
            id="floor-level"
            label="Level"
            required
            error={errors.level}
            inputMode="numeric"
            value={values.level}
            onChange={(v) => set('level', v)}
          />
        </Grid>
        <FormField
          id="floor-plan"
          label="Floor plan"
          error={errors.floorPlan}
          hint="Optional now; you can upload it from the floor later."
        >
          <ImageFileInput id="floor-plan" file={values.floorPlan} error={errors.floorPlan} onChange={(f) => set('floorPlan', f)} />
        </FormField>
        <FormActions submitLabel="Create floor" pending={pending} onCancel={onCancel} />
      </Flex>
    </form>
  );
}
