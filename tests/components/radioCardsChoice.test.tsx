import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RadioCards } from '@radix-ui/themes';
import { RadioCardsChoice } from '../../src/screens/common/RadioCardsChoice';

const classes = (el: Element) => [...el.classList].sort();

describe('RadioCardsChoice', () => {
  it('draws the classes, roles and states of Radix Themes’ radio cards', () => {
    const mine = render(<RadioCardsChoice value="b" onValueChange={() => undefined} columns={{ initial: '2', sm: '3' }} options={[{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }]} />);
    const radix = render(
      <RadioCards.Root value="b" columns={{ initial: '2', sm: '3' }}>
        <RadioCards.Item value="a">A</RadioCards.Item>
        <RadioCards.Item value="b">B</RadioCards.Item>
      </RadioCards.Root>,
    );
    const [myRoot, radixRoot] = [mine.container.firstElementChild!, radix.container.firstElementChild!];
    expect(classes(myRoot)).toEqual(classes(radixRoot));
    expect(myRoot.getAttribute('role')).toBe(radixRoot.getAttribute('role'));
    const items = (root: Element) => [...root.children].map((b) => [classes(b), b.getAttribute('role'), b.getAttribute('aria-checked'), b.getAttribute('data-state'), b.getAttribute('value')]);
    expect(items(myRoot)).toEqual(items(radixRoot));
  });

  it('is one tab stop on the checked card; arrows move and check, Space checks, Enter does not', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<RadioCardsChoice value="b" onValueChange={onValueChange} columns="3" options={['a', 'b', 'c'].map((v) => ({ value: v, label: v.toUpperCase(), name: `Plan ${v}` }))} />);
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Plan b' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Plan c' })).toHaveFocus();
    expect(onValueChange).toHaveBeenLastCalledWith('c');
    await user.keyboard('{ArrowRight}');
    expect(onValueChange).toHaveBeenLastCalledWith('a');
    onValueChange.mockClear();
    await user.keyboard('{Enter}');
    expect(onValueChange).not.toHaveBeenCalled();
    await user.keyboard(' ');
    expect(onValueChange).toHaveBeenCalledWith('a');
  });
});
