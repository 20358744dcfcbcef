import { useState } from 'react';
import { Button, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import type { Fov } from '../../machines/floorEditor/types';
import { AngleControl } from '../common/AngleControl';

/** A new cone: pointing up, 90° wide, reaching 15 % of the plan's width. */
const NEW_FOV: Fov = { heading_deg: 0, angle_deg: 90, range_percent: 15 };

/**
 * The inspector of the one selected camera's field of view (DESIGN.md): heading and angle
 * with the angle control (round dial and numeric inputs), range as percent of the plan's
 * width (0..100). Each finished change is one `onCommit` (one undoable setFov command);
 * without a cone it offers to add one, with one to remove it.
 */
export function FovInspector({ name, fov, editable, onCommit }: { name: string; fov: Fov | null; editable: boolean; onCommit: (fov: Fov | null) => void }) {
  // The dial's live value while it is dragged; the committed value otherwise.
  const [draft, setDraft] = useState<{ base: Fov; value: Fov } | null>(null);
  const [rangeText, setRangeText] = useState<{ base: Fov; text: string } | null>(null);
  const shown = fov && draft?.base === fov ? draft.value : fov;
  const rangeValue = fov && rangeText?.base === fov ? rangeText.text : String(fov?.range_percent ?? '');
  const [rangeError, setRangeError] = useState<string | null>(null);

  const commitRange = () => {
    if (!fov) return;
    const value = Number(rangeValue);
    if (rangeValue.trim() === '' || !Number.isFinite(value) || value < 0 || value > 100) {
      setRangeError('Range must be between 0 and 100 %');
      return;
    }
    setRangeError(null);
    if (value !== fov.range_percent) onCommit({ ...fov, range_percent: value });
  };

  return (
    <Card size="2" aria-label={`Field of view of ${name}`} role="region">
      <Heading as="h2" size="3" mb="3">
        Field of view · {name}
      </Heading>
      {!shown || !fov ? (
        <Flex direction="column" gap="2" align="start">
          <Text size="2" color="gray">
            This camera has no field of view.
          </Text>
          {editable && (
            <Button size="1" variant="soft" onClick={() => onCommit(NEW_FOV)}>
              Add field of view
            </Button>
          )}
        </Flex>
      ) : (
        <Flex direction="column" gap="3">
          <AngleControl
            value={{ heading_deg: shown.heading_deg, angle_deg: shown.angle_deg }}
            disabled={!editable}
            onChange={(v) => setDraft({ base: fov, value: { ...fov, ...v } })}
            onCommit={(v) => {
              setDraft(null);
              if (v.heading_deg !== fov.heading_deg || v.angle_deg !== fov.angle_deg) onCommit({ ...fov, ...v });
            }}
          />
          <Flex direction="column" gap="1">
            <Text as="label" size="2" htmlFor="fov-range">
              Range (% of plan width)
            </Text>
            <TextField.Root
              id="fov-range"
              type="number"
              min={0}
              max={100}
              step={0.5}
              disabled={!editable}
              value={rangeValue}
              color={rangeError ? 'red' : undefined}
              aria-invalid={rangeError !== null}
              onChange={(e) => setRangeText({ base: fov, text: e.currentTarget.value })}
              onBlur={commitRange}
              onKeyDown={(e) => {
                if (e.key === 'Enter') commitRange();
              }}
            />
            {rangeError && (
              <Text size="1" color="red">
                {rangeError}
              </Text>
            )}
          </Flex>
          {editable && (
            <Button size="1" variant="ghost" color="gray" onClick={() => onCommit(null)} style={{ alignSelf: 'start' }}>
              Remove field of view
            </Button>
          )}
        </Flex>
      )}
    </Card>
  );
}
