import { Box, Flex, IconButton, Separator } from '@radix-ui/themes';
import { Tooltip } from './Tooltip';
import { ActivityLogIcon, ViewVerticalIcon } from '@radix-ui/react-icons';
import { Breadcrumbs } from './Breadcrumbs';
import { NotificationsBell } from './NotificationsBell';

export interface TopBarProps {
  onToggleSidebar: () => void;
  /** Receives the page-actions element (see `PageActions`). */
  pageActionsRef: (element: HTMLElement | null) => void;
  liveEventsOpen: boolean;
  hasLiveEvents: boolean;
  onToggleLiveEvents: () => void;
}

/**
 * The top bar (SPEC.md section 2): sidebar toggle, breadcrumb, page-actions slot, the
 * notifications bell, and the Live Events toggle with a pulsing red dot while events exist and the panel is closed.
 */
export function TopBar({ onToggleSidebar, pageActionsRef, liveEventsOpen, hasLiveEvents, onToggleLiveEvents }: TopBarProps) {
  return (
    <header className="fw-topbar">
      <Tooltip content="Toggle sidebar (Ctrl+B)">
        <IconButton variant="ghost" color="gray" aria-label="Toggle sidebar" onClick={onToggleSidebar}>
          <ViewVerticalIcon />
        </IconButton>
      </Tooltip>
      <Separator orientation="vertical" size="1" />
      <Box className="fw-topbar-crumbs">
        <Breadcrumbs />
      </Box>
      <Flex align="center" gap="3">
        <div className="fw-page-actions" ref={pageActionsRef} data-testid="page-actions" />
        <NotificationsBell />
        <Tooltip content={liveEventsOpen ? 'Hide live events' : 'Show live events'}>
          <IconButton
            variant={liveEventsOpen ? 'soft' : 'ghost'}
            color="gray"
            aria-label="Live Events"
            aria-pressed={liveEventsOpen}
            onClick={onToggleLiveEvents}
            style={{ position: 'relative' }}
          >
            <ActivityLogIcon />
            {hasLiveEvents && !liveEventsOpen && <span className="fw-live-dot" data-testid="live-events-dot" />}
          </IconButton>
        </Tooltip>
      </Flex>
    </header>
  );
}
