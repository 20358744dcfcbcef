// The placed-devices list of the floor screen is virtualized (issue 5 "Weight of the
// pages": a floor with 5 000 markers): only a window of rows is in the DOM, each telling
// its place in the whole list; the focused row stays; a device selected on the plan is
// scrolled into the list's box.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Theme } from '@radix-ui/themes';
import { PlacedDevicesList } from '../../../src/screens/floor/PlacedDevicesList';
import type { ListedDevice } from '../../../src/screens/floor/PlacedDevicesList';

const COUNT = 5000;
const devices: ListedDevice[] = Array.from({ length: COUNT }, (_, i) => ({
  device_id: `cam-${i}`,
  name: `Camera ${i}`,
  device_type: 'CAMERA',
  status: 'online',
  position: { x_percent: i % 100, y_percent: 50 },
}));

/** jsdom has no layout or scrolling: here the list's box scrolls by `scrollTo`, which sets `scrollTop` and fires `scroll`. */
let scrollTop = 0;
const scrollTo = vi.fn(function (this: HTMLElement, options: ScrollToOptions) {
  scrollTop = options.top ?? scrollTop;
  this.dispatchEvent(new Event('scroll'));
});
beforeEach(() => {
  scrollTop = 0;
  scrollTo.mockClear();
  vi.spyOn(HTMLElement.prototype, 'scrollTop', 'get').mockImplementation(() => scrollTop);
  // As tall as all the rows (48 px each), so a scroll may reach the last ones.
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(() => COUNT * 48);
  HTMLElement.prototype.scrollTo = scrollTo as unknown as HTMLElement['scrollTo'];
});
afterEach(() => vi.restoreAllMocks());

const renderList = (selectedIds: readonly string[] = [], onSelect = vi.fn()) => {
  const ui = (ids: readonly string[]) => (
    <Theme>
      <PlacedDevicesList devices={devices} editable selectedIds={ids} onSelect={onSelect} onRemove={vi.fn()} />
    </Theme>
  );
  const result = render(ui(selectedIds));
  return { ...result, select: (ids: readonly string[]) => result.rerender(ui(ids)), onSelect };
};
const box = () => screen.getByRole('list', { name: 'Devices on this floor' }).parentElement as HTMLElement;
const scrollBoxTo = (top: number) => {
  scrollTop = top;
  fireEvent.scroll(box());
};

describe('PlacedDevicesList with 5 000 devices', () => {
  it('renders a window of rows, each with its place in the whole list', () => {
    renderList();
    const list = screen.getByRole('list', { name: 'Devices on this floor' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(30);
    expect(rows[0]).toHaveAttribute('aria-posinset', '1');
    expect(rows[0]).toHaveAttribute('aria-setsize', String(COUNT));
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Camera 0' })).toHaveAttribute('href', '/devices/cam-0');
    expect(screen.getByText(String(COUNT))).toBeInTheDocument();
  });

  it('renders the rows scrolled to, and no longer the first ones', () => {
    renderList();
    scrollBoxTo(2500 * 48);
    const list = screen.getByRole('list', { name: 'Devices on this floor' });
    expect(within(list).getByRole('button', { name: 'Select Camera 2500' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Select Camera 0' })).not.toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Camera 2500' }).closest('li')).toHaveAttribute('aria-posinset', '2501');
  });

  it('keeps the focused row when the list scrolls away from it, so the focus is not lost', () => {
    renderList();
    const select = screen.getByRole('button', { name: 'Select Camera 2' });
    select.focus();
    scrollBoxTo(3000 * 48);
    expect(screen.getByRole('button', { name: 'Select Camera 3000' })).toBeInTheDocument();
    expect(select).toBeInTheDocument();
    expect(select).toHaveFocus();
  });

  it('scrolls a device newly selected on the plan into the box, and its row shows it selected', () => {
    const { select } = renderList();
    expect(scrollTop).toBe(0);
    select(['cam-4000']);
    expect(scrollTop).toBeGreaterThan(3900 * 48);
    expect(scrollTop).toBeLessThanOrEqual(4000 * 48);
    const button = screen.getByRole('button', { name: 'Select Camera 4000' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button.closest('li')).toHaveAttribute('data-selected', 'true');
  });

  it('selects from a row, with Shift to toggle', () => {
    const { onSelect } = renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Select Camera 3' }), { shiftKey: true });
    expect(onSelect).toHaveBeenCalledWith('cam-3', true);
  });

  it('holds the box its rows will take while the devices load, and says how many are coming', () => {
    const { container, rerender } = render(
      <Theme>
        <PlacedDevicesList devices={[]} loading expectedCount={2} editable onRemove={vi.fn()} />
      </Theme>,
    );
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByText(/No devices placed yet/)).not.toBeInTheDocument();
    expect(screen.getByText('2')).toBeInTheDocument();
    const placeholder = container.querySelector<HTMLElement>('.rt-Skeleton');
    expect(placeholder?.style.getPropertyValue('--height')).toBe('96px');
    rerender(
      <Theme>
        <PlacedDevicesList devices={[]} loading expectedCount={null} editable onRemove={vi.fn()} />
      </Theme>,
    );
    expect(container.querySelector<HTMLElement>('.rt-Skeleton')?.style.getPropertyValue('--height')).toBe('440px');
  });
});
