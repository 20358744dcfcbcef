import { Button, IconButton, Tooltip } from '@radix-ui/themes';
import { CheckIcon, EnterFullScreenIcon, Pencil2Icon } from '@radix-ui/react-icons';
import { Link } from 'wouter';
import { PageActions } from '../../layout/PageActions';
import { floorPath } from './floorMode';

/** The floor screen's top-bar actions: fit the plan to the view, and switch edit/view mode. */
export function FloorToolbar({
  floorId,
  editable,
  hasPlan,
  onFit,
}: {
  floorId: string;
  editable: boolean;
  hasPlan: boolean;
  onFit: () => void;
}) {
  return (
    <PageActions>
      {hasPlan && (
        <Tooltip content="Fit to view">
          <IconButton variant="soft" color="gray" aria-label="Fit to view" onClick={onFit}>
            <EnterFullScreenIcon />
          </IconButton>
        </Tooltip>
      )}
      {editable ? (
        <Button asChild>
          <Link href={floorPath(floorId, 'view')}>
            <CheckIcon /> Done editing
          </Link>
        </Button>
      ) : (
        <Button asChild variant="soft">
          <Link href={floorPath(floorId, 'edit')}>
            <Pencil2Icon /> Edit layout
          </Link>
        </Button>
      )}
    </PageActions>
  );
}
