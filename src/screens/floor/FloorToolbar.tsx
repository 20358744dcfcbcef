import { IconButton, SegmentedControl, Tooltip } from '@radix-ui/themes';
import { EnterFullScreenIcon, KeyboardIcon } from '@radix-ui/react-icons';
import { useLocation } from 'wouter';
import { PageActions } from '../../layout/PageActions';
import { floorPath } from './floorMode';

/**
 * The floor screen's top-bar actions: fit the plan to the view, and the Edit/View switch,
 * which puts the mode in the URL (SPEC.md section 2; the `E` key does the same).
 */
export function FloorToolbar({
  floorId,
  editable,
  hasPlan,
  onFit,
  onShortcuts,
}: {
  floorId: string;
  editable: boolean;
  hasPlan: boolean;
  onFit: () => void;
  /** Opens the keyboard shortcut overlay (also `?`). */
  onShortcuts?: () => void;
}) {
  const [, navigate] = useLocation();
  return (
    <PageActions>
      {hasPlan && (
        <Tooltip content="Fit to view">
          <IconButton variant="soft" color="gray" aria-label="Fit to view" onClick={onFit}>
            <EnterFullScreenIcon />
          </IconButton>
        </Tooltip>
      )}
      {onShortcuts && (
        <Tooltip content="Keyboard shortcuts (?)">
          <IconButton variant="soft" color="gray" aria-label="Keyboard shortcuts" onClick={onShortcuts}>
            <KeyboardIcon />
          </IconButton>
        </Tooltip>
      )}
      <SegmentedControl.Root
        aria-label="Mode"
        value={editable ? 'edit' : 'view'}
        onValueChange={(value) => navigate(floorPath(floorId, value === 'view' ? 'view' : 'edit'), { replace: true })}
      >
        <SegmentedControl.Item value="edit">Edit</SegmentedControl.Item>
        <SegmentedControl.Item value="view">View</SegmentedControl.Item>
      </SegmentedControl.Root>
    </PageActions>
  );
}
