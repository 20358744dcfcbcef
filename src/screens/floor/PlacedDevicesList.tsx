import { useCallback, useEffect, useRef, useState } from 'react';
import type { FocusEvent } from 'react';
import { Card, Flex, Heading, IconButton, Skeleton, Text } from '@radix-ui/themes';
import { Cross2Icon, TargetIcon } from '@radix-ui/react-icons';
import { defaultRangeExtractor, observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import type { Range, Rect, Virtualizer } from '@tanstack/react-virtual';
import type { DeviceStatus } from '../../api/types';
import { AppLink } from '../common/AppLink';
import { StatusBadge } from '../common/StatusBadge';
import './placedDevicesList.css';

/** What the list shows of a placed device. */
export interface ListedDevice {
  readonly device_id: string;
  readonly name: string;
  readonly device_type: string;
  readonly status: DeviceStatus;
  /** Where it sits, percent of the plan's width and height (as the editor shows it); absent while unknown. */
  readonly position?: { readonly x_percent: number; readonly y_percent: number };
}

/** A percent position for reading, to one decimal: `30.5 %, 45 %`. */
export const positionText = ({ x_percent, y_percent }: { x_percent: number; y_percent: number }) =>
  `${Number(x_percent.toFixed(1))} %, ${Number(y_percent.toFixed(1))} %`;

/** One row's height in CSS px: a one-line name over a one-line type and position (rows never wrap). */
const ROW_HEIGHT = 48;
/** The list's scroll box at most, CSS px (about nine rows): a floor with thousands of devices scrolls inside it. */
const LIST_MAX_HEIGHT = 440;
/** The list's box for `count` rows in CSS px: as tall as the rows, at most {@link LIST_MAX_HEIGHT}. */
const listHeight = (count: number) => Math.min(count * ROW_HEIGHT, LIST_MAX_HEIGHT);
/** Every row's size for the virtualizer, CSS px. */
const rowSize = () => ROW_HEIGHT;
/** Rows rendered beyond each edge of the scroll box, so Tab reaches the next row before it scrolls in. */
const OVERSCAN = 4;

/**
 * The scroll box's size for the virtualizer. A box with no layout (not displayed yet, or a
 * DOM without layout) measures 0 px high, which would render no row at all: it counts as
 * the box's full height instead, so the first rows are there from the first render.
 */
function observeListRect(instance: Virtualizer<HTMLDivElement, HTMLLIElement>, report: (rect: Rect) => void) {
  return observeElementRect(instance, (rect) => report(rect.height > 0 ? rect : { width: rect.width, height: LIST_MAX_HEIGHT }));
}

/** The rows in `range`, plus the rows that must stay in the DOM wherever the list is scrolled (focused, highlighted). */
const withKept = (range: Range, kept: readonly number[]) => {
  const indexes = defaultRangeExtractor(range);
  const extra = kept.filter((index) => index >= 0 && index < range.count && !indexes.includes(index));
  return extra.length === 0 ? indexes : [...indexes, ...extra].sort((a, b) => a - b);
};

/**
 * The devices placed on this floor; in edit mode each can be taken off it. Mirrors the
 * editor's selection: each row's select button (pressed when selected; Shift toggles)
 * selects on the plan, and with the focus there the arrows nudge it (the editor's
 * window shortcuts), so the editor works from the keyboard alone; each row reads the
 * device's position, so a nudge can be checked without the plan. The device
 * named by `highlightedId` (opened from an alert) is marked and scrolled into view.
 *
 * Virtualized (issue 5 "Weight of the pages": a floor with 5 000 markers): only the rows
 * in the scroll box (and a few around it) are in the DOM, each telling its place in the
 * whole list (`aria-posinset` of `aria-setsize`). The row holding the focus and the
 * highlighted row stay rendered when scrolled away; a device newly selected on the plan
 * is scrolled into the box. While `loading`, a placeholder holds the box the rows will
 * take (`expectedCount` rows, else the largest box), so nothing below it moves when they come.
 */
export function PlacedDevicesList({
  devices,
  loading = false,
  expectedCount = null,
  editable,
  highlightedId = null,
  selectedIds = [],
  onSelect,
  onRemove,
}: {
  devices: readonly ListedDevice[];
  /** The floor's devices are not known yet. */
  loading?: boolean;
  /** How many devices the floor holds (its `device_count`), while `loading`; null when unknown. */
  expectedCount?: number | null;
  editable: boolean;
  highlightedId?: string | null;
  /** The editor's selection. */
  selectedIds?: readonly string[];
  /** Select `id` (only it), or with `toggle` add or remove it. */
  onSelect?: (id: string, toggle: boolean) => void;
  onRemove: (device: ListedDevice) => void;
}) {
  const scrollBox = useRef<HTMLDivElement>(null);
  const getScrollElement = useCallback(() => scrollBox.current, []);
  const [focusedIndex, setFocusedIndex] = useState(-1);
  const highlightedIndex = highlightedId === null ? -1 : devices.findIndex((d) => d.device_id === highlightedId);
  const rangeExtractor = useCallback((range: Range) => withKept(range, [focusedIndex, highlightedIndex]), [focusedIndex, highlightedIndex]);
  // Stable while the devices are: the virtualizer lays out every row again (thousands on a
  // large floor, issue 5) whenever its key function changes, e.g. on each selection.
  const getItemKey = useCallback((index: number) => devices[index]?.device_id ?? index, [devices]);
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLLIElement>({
    count: devices.length,
    getScrollElement,
    estimateSize: rowSize,
    getItemKey,
    overscan: OVERSCAN,
    rangeExtractor,
    observeElementRect: observeListRect,
    // Its default flushes React synchronously from the mount's layout effect, which React
    // refuses (a console error); a scroll's re-render in React's continuous lane is soon enough.
    useFlushSync: false,
  });

  // The highlighted row comes into view (page and list) once per highlighted device, as
  // soon as its row is in the DOM (the first rows render only once the box is measured).
  const scrolledTo = useRef<string | null>(null);
  const highlightedRow = useCallback(
    (row: HTMLLIElement | null) => {
      if (!row || scrolledTo.current === highlightedId) return;
      scrolledTo.current = highlightedId;
      row.scrollIntoView({ block: 'nearest' });
    },
    [highlightedId],
  );

  // A device newly selected (on the plan, or by a select-all) comes into the list's box;
  // only the box scrolls, not the page, so the plan stays where the user works.
  const previousSelection = useRef(selectedIds);
  useEffect(() => {
    const before = new Set(previousSelection.current);
    previousSelection.current = selectedIds;
    const added = new Set(selectedIds.filter((id) => !before.has(id)));
    if (added.size === 0) return;
    const index = devices.findIndex((d) => added.has(d.device_id));
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [selectedIds, devices, virtualizer]);

  const onFocus = (event: FocusEvent<HTMLUListElement>) => {
    const row = (event.target as Element).closest<HTMLLIElement>('li[data-index]');
    setFocusedIndex(row ? Number(row.dataset.index) : -1);
  };
  const onBlur = (event: FocusEvent<HTMLUListElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusedIndex(-1);
  };

  return (
    <Card size="2">
      <Flex align="baseline" gap="2" mb="3">
        <Heading as="h2" size="3">
          On this floor
        </Heading>
        <Text size="2" color="gray">
          {loading ? expectedCount : devices.length}
        </Text>
      </Flex>
      {loading && expectedCount !== 0 ? (
        <Skeleton height={`${listHeight(expectedCount ?? Number.POSITIVE_INFINITY)}px`} />
      ) : devices.length === 0 ? (
        <Text as="p" size="2" color="gray">
          No devices placed yet.{editable ? ' Add one from the list below; it lands in the middle of the view.' : ''}
        </Text>
      ) : (
        <div ref={scrollBox} className="fw-placed-devices" style={{ maxHeight: LIST_MAX_HEIGHT }}>
          <ul aria-label="Devices on this floor" style={{ height: virtualizer.getTotalSize() }} onFocus={onFocus} onBlur={onBlur}>
            {virtualizer.getVirtualItems().map((row) => {
              const device = devices[row.index];
              if (!device) return null;
              const isHighlighted = device.device_id === highlightedId;
              const isSelected = selectedIds.includes(device.device_id);
              return (
                <li
                  key={row.key}
                  ref={isHighlighted ? highlightedRow : undefined}
                  data-index={row.index}
                  aria-setsize={devices.length}
                  aria-posinset={row.index + 1}
                  data-highlighted={isHighlighted || undefined}
                  aria-current={isHighlighted ? 'true' : undefined}
                  data-selected={isSelected || undefined}
                  className="fw-placed-device"
                  style={{ height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}
                >
                  <Flex direction="column" minWidth="0">
                    <Text size="2" truncate title={device.name}>
                      <AppLink href={`/devices/${encodeURIComponent(device.device_id)}`}>{device.name}</AppLink>
                    </Text>
                    <Text size="1" color="gray" truncate>
                      {device.device_type}
                      {device.position && ` · ${positionText(device.position)}`}
                    </Text>
                  </Flex>
                  <Flex align="center" gap="2" flexShrink="0">
                    {onSelect && (
                      <IconButton
                        size="1"
                        variant={isSelected ? 'solid' : 'soft'}
                        aria-label={`Select ${device.name}`}
                        title="Select on the plan (Shift: add or remove)"
                        aria-pressed={isSelected}
                        onClick={(event) => onSelect(device.device_id, event.shiftKey)}
                      >
                        <TargetIcon />
                      </IconButton>
                    )}
                    <StatusBadge status={device.status} />
                    {editable && (
                      <IconButton
                        size="1"
                        variant="ghost"
                        color="gray"
                        aria-label={`Remove ${device.name} from floor`}
                        title="Remove from floor"
                        onClick={() => onRemove(device)}
                      >
                        <Cross2Icon />
                      </IconButton>
                    )}
                  </Flex>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </Card>
  );
}
