import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { Flex, Text } from '@radix-ui/themes';
import { Tooltip } from './Tooltip';
import { ViewGridIcon } from '@radix-ui/react-icons';
import { NAV_GROUPS } from './sidebarNav';
import type { NavEntry } from './sidebarNav';
import { UserMenu } from './UserMenu';

/** One navigation entry; collapsed, it shows only its icon with the label as tooltip. */
function NavItem({ entry, path, collapsed, onNavigate }: { entry: NavEntry; path: string; collapsed: boolean; onNavigate?: () => void }) {
  const Icon = entry.icon;
  const active = entry.isActive(path);
  const link = (
    <Link
      href={entry.href}
      className="fw-nav-link"
      data-active={active}
      aria-current={active ? 'page' : undefined}
      aria-label={collapsed ? entry.label : undefined}
      onClick={onNavigate}
    >
      <Icon width={16} height={16} />
      <span className="fw-nav-label">{entry.label}</span>
    </Link>
  );
  return (
    <li>
      {collapsed ? (
        <Tooltip content={entry.label} side="right">
          {link}
        </Tooltip>
      ) : (
        link
      )}
    </li>
  );
}

/** The sidebar's contents: heading, the Platform and Management groups, the user menu. */
function SidebarContent({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const [path] = useLocation();
  return (
    <>
      <div className="fw-sidebar-header">
        <div className="fw-sidebar-logo" aria-hidden>
          <ViewGridIcon width={16} height={16} />
        </div>
        <Flex direction="column" className="fw-sidebar-title" minWidth="0">
          <Text size="2" weight="bold" as="div">
            Floorwatch
          </Text>
          <Text size="1" color="gray" as="div">
            Device Management
          </Text>
        </Flex>
      </div>
      <nav className="fw-sidebar-scroll" aria-label="Main">
        {NAV_GROUPS.map((group) => (
          <div key={group.label} className="fw-sidebar-group" role="group" aria-label={group.label}>
            <Text size="1" color="gray" weight="medium" className="fw-sidebar-group-label" as="div">
              {group.label}
            </Text>
            <ul className="fw-sidebar-nav">
              {group.entries.map((entry) => (
                <NavItem key={entry.href} entry={entry} path={path} collapsed={collapsed} onNavigate={onNavigate} />
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className="fw-sidebar-footer">
        <UserMenu collapsed={collapsed} />
      </div>
    </>
  );
}

/**
 * The app sidebar (SPEC.md section 2 "Layout"): 16rem wide, or 3rem of icons when
 * collapsed; on mobile an off-canvas sheet, closed by Escape, the backdrop or navigating.
 */
export function Sidebar({
  isMobile,
  expanded,
  sheetOpen,
  onSheetOpenChange,
}: {
  isMobile: boolean;
  expanded: boolean;
  sheetOpen: boolean;
  onSheetOpenChange: (open: boolean) => void;
}) {
  useEffect(() => {
    if (!isMobile || !sheetOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onSheetOpenChange(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isMobile, sheetOpen, onSheetOpenChange]);

  if (!isMobile) {
    return (
      <aside className="fw-sidebar" data-state={expanded ? 'expanded' : 'collapsed'} data-testid="sidebar">
        <SidebarContent collapsed={!expanded} />
      </aside>
    );
  }
  if (!sheetOpen) return null;
  return (
    <>
      <div className="fw-sheet-backdrop" onClick={() => onSheetOpenChange(false)} aria-hidden />
      <aside
        className="fw-sidebar fw-sheet"
        data-state="expanded"
        data-mobile="true"
        data-testid="sidebar"
        role="dialog"
        aria-modal="true"
        aria-label="Navigation"
      >
        <SidebarContent collapsed={false} onNavigate={() => onSheetOpenChange(false)} />
      </aside>
    </>
  );
}
