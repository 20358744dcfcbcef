import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SegmentedControl } from '@radix-ui/themes';
import { SegmentedChoice } from '../../src/screens/common/SegmentedChoice';

const OPTIONS = [
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
];

/** Classes, roles and states of a segmented control's elements, in document order. */
const shape = (root: Element) =>
  [root, ...root.querySelectorAll('*')].map((el) => [el.tagName, el.className, el.getAttribute('role'), el.getAttribute('aria-checked'), el.getAttribute('data-state'), el.getAttribute('aria-hidden')].join('|'));

describe('SegmentedChoice', () => {
  it('draws the markup of Radix Themes’ segmented control, so its stylesheet (indicator included) applies alike', () => {
    const mine = render(<SegmentedChoice value="7d" onValueChange={() => undefined} options={OPTIONS} aria-label="Range" />);
    const radix = render(
      <SegmentedControl.Root value="7d" aria-label="Range">
        {OPTIONS.map((o) => (
          <SegmentedControl.Item key={o.value} value={o.value}>
            {o.label}
          </SegmentedControl.Item>
        ))}
      </SegmentedControl.Root>,
    );
    expect(shape(mine.container.firstElementChild!)).toEqual(shape(radix.container.firstElementChild!));
  });

  it('is one tab stop; arrows move the focus round, Space picks', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(
      <>
        <SegmentedChoice value="24h" onValueChange={onValueChange} options={OPTIONS} aria-label="Range" />
        <button type="button">After</button>
      </>,
    );
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Last 24 hours' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Last 30 days' })).toHaveFocus();
    expect(onValueChange).not.toHaveBeenCalled();
    await user.keyboard(' ');
    expect(onValueChange).toHaveBeenCalledWith('30d');
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    expect(onValueChange).toHaveBeenLastCalledWith('7d');
  });
});
