import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Theme } from '@radix-ui/themes';
import { Tooltip } from '../../src/layout/Tooltip';

function renderTrigger(onClick = () => {}) {
  return render(
    <Theme>
      <button type="button">Before</button>
      <Tooltip content="Toggle sidebar (Ctrl+B)" side="right">
        <button type="button" aria-label="Toggle sidebar" onClick={onClick}>
          =
        </button>
      </Tooltip>
    </Theme>,
  );
}

describe('shell tooltip (issue 5: Radix Themes look without Radix Tooltip)', () => {
  it('shows on hover, describes the trigger, and hides on leaving', async () => {
    const user = userEvent.setup();
    renderTrigger();
    const trigger = screen.getByRole('button', { name: 'Toggle sidebar' });
    await user.hover(trigger);
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent('Toggle sidebar (Ctrl+B)');
    expect(tip).toHaveClass('rt-TooltipContent');
    expect(trigger).toHaveAttribute('aria-describedby', tip.id);
    await user.unhover(trigger);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    expect(trigger).not.toHaveAttribute('aria-describedby');
  });

  it('shows on keyboard focus, keeps focus on the same trigger, and Escape hides it', async () => {
    const user = userEvent.setup();
    renderTrigger();
    await user.tab();
    await user.tab();
    const trigger = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(trigger).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Toggle sidebar (Ctrl+B)');
    expect(trigger).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it("keeps the trigger's own handlers and closes on click", async () => {
    const user = userEvent.setup();
    let clicks = 0;
    renderTrigger(() => (clicks += 1));
    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    expect(clicks).toBe(1);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
