import { Badge, Button, Flex, Text } from '@radix-ui/themes';
import type { FloorPlanFile } from '../../../api/types';
import { PlanThumbnail } from './PlanThumbnail';
import { formatBytes, formatPixels } from './planFileFormat';

/**
 * One plan file in the plan manager: thumbnail, name, size in px and bytes, and, in edit
 * mode, "Make current" and "Delete" for a file that is not the current plan.
 */
export function PlanFileRow({
  plan,
  current,
  editable,
  busy,
  onMakeCurrent,
  onDelete,
}: {
  plan: FloorPlanFile;
  current: boolean;
  editable: boolean;
  /** True while an action on the floor's plans runs: buttons wait. */
  busy: boolean;
  onMakeCurrent: () => void;
  onDelete: () => void;
}) {
  return (
    <Flex as="div" role="listitem" aria-label={plan.file_name} gap="3" align="start" py="2">
      <PlanThumbnail url={plan.display_url} alt={`Plan ${plan.file_name}`} />
      <Flex direction="column" gap="1" flexGrow="1" minWidth="0">
        <Flex gap="2" align="center">
          <Text size="2" weight="medium" truncate title={plan.file_name}>
            {plan.file_name}
          </Text>
          {current && (
            <Badge color="green" variant="soft">
              Current
            </Badge>
          )}
        </Flex>
        <Text size="1" color="gray">
          {formatPixels(plan.width, plan.height)} · {formatBytes(plan.size)}
        </Text>
        {editable && !current && (
          <Flex gap="2" mt="1">
            <Button size="1" variant="soft" disabled={busy} onClick={onMakeCurrent} aria-label={`Make ${plan.file_name} current`}>
              Make current
            </Button>
            <Button size="1" variant="soft" color="red" disabled={busy} onClick={onDelete} aria-label={`Delete ${plan.file_name}`}>
              Delete
            </Button>
          </Flex>
        )}
      </Flex>
    </Flex>
  );
}
