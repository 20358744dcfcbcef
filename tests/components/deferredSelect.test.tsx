import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select, Theme } from '@radix-ui/themes';
import './appHarness';
import { DeferredSelect } from '../../src/screens/common/DeferredSelect';

const OPTIONS = [
  { value: 'all', label: 'All types' },
  { value: 'motion', label: 'Motion' },
];

describe('DeferredSelect', () => {
  it('draws, before its menu code is in, the button Radix Themes draws for a closed select', () => {
    const { container } = render(
      <Theme>
        <DeferredSelect id="t" label="Type" minWidth={150} value="motion" onValueChange={() => undefined} options={OPTIONS} />
        <Select.Root value="motion">
          <Select.Trigger id="t2" aria-label="Type 2" style={{ minWidth: 150 }} />
          <Select.Content>
            <Select.Item value="motion">Motion</Select.Item>
          </Select.Content>
        </Select.Root>
      </Theme>,
    );
    const [standIn, real] = [...container.querySelectorAll('button')];
    const shape = (b: Element) => ({
      className: b.className,
      role: b.getAttribute('role'),
      expanded: b.getAttribute('aria-expanded'),
      inner: b.querySelector('.rt-SelectTriggerInner')?.textContent,
      icon: b.querySelector('svg')?.outerHTML,
    });
    expect(shape(standIn!)).toEqual(shape(real!));
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('Motion');
  });

  it('opens from the keyboard alone and picks an option; focus comes back to the select', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(
      <Theme>
        <DeferredSelect label="Type" minWidth={150} value="all" onValueChange={onValueChange} options={OPTIONS} />
      </Theme>,
    );
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    const option = await screen.findByRole('option', { name: 'Motion' });
    expect(option).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onValueChange).toHaveBeenCalledWith('motion');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveFocus();
  });
});
