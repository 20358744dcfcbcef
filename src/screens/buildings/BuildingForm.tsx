import { Flex, Grid } from '@radix-ui/themes';
import type { BuildingInput } from '../../api/buildings';
import type { Building } from '../../api/types';
import { FormField } from '../common/FormField';
import { FormActions } from '../common/FormActions';
import { TextInputField } from '../common/TextInputField';
import { ImageFileInput } from '../common/ImageFileInput';
import { initialBuildingValues, validateBuildingForm } from './buildingFormValues';
import type { BuildingFormValues } from './buildingFormValues';
import { useCheckedForm } from '../../lib/useCheckedForm';

/**
 * The building create/edit form. Field errors show inline and nothing is sent until the
 * form passes; `onSubmit` gets the checked input (server errors arrive as toasts).
 */
export function BuildingForm({
  building,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  building?: Building;
  submitLabel: string;
  pending: boolean;
  onSubmit: (input: BuildingInput) => void;
  onCancel: () => void;
}) {
  const { values, errors, set, submit } = useCheckedForm(
    () => initialBuildingValues(building),
    (v: BuildingFormValues) => validateBuildingForm(v),
    onSubmit,
  );

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Flex direction="column" gap="4">
        <TextInputField
          id="building-name"
          label="Name"
          required
          error={errors.name}
          placeholder="Headquarters"
          value={values.name}
          onChange={(v) => set('name', v)}
          autoFocus
        />
        <TextInputField
          id="building-address"
          label="Address"
          placeholder="1 Market Street, San Francisco"
          value={values.address}
          onChange={(v) => set('address', v)}
        />
        <Grid columns="2" gap="3">
          <TextInputField
            id="building-latitude"
            label="Latitude"
            error={errors.latitude}
            hint="Degrees, -90 to 90"
            inputMode="decimal"
            placeholder="37.7936"
            value={values.latitude}
            onChange={(v) => set('latitude', v)}
          />
          <TextInputField
            id="building-longitude"
            label="Longitude"
            error={errors.longitude}
            hint="Degrees, -180 to 180"
            inputMode="decimal"
            placeholder="-122.3958"
            value={values.longitude}
            onChange={(v) => set('longitude', v)}
          />
        </Grid>
        <FormField id="building-map-image" label="Map image" error={errors.mapImage}>
          <ImageFileInput
            id="building-map-image"
            file={values.mapImage}
            error={errors.mapImage}
            onChange={(file) => set('mapImage', file)}
          />
        </FormField>
        <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
      </Flex>
    </form>
  );
}
