import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { lazyOnIdle } from '../../src/lib/lazyOnIdle';

function Panel({ open, label }: { open: boolean; label: string }) {
  return <div data-state={open ? 'open' : 'closed'}>{label}</div>;
}

describe('lazyOnIdle', () => {
  it('fetches the code at once when needed and shows it as soon as it is in', async () => {
    const load = vi.fn(() => Promise.resolve(Panel));
    const Deferred = lazyOnIdle(load, (p: { open: boolean; label: string }) => p.open);
    render(<Deferred open label="Now" />);
    expect(await screen.findByText('Now')).toHaveAttribute('data-state', 'open');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders nothing until idle, then stays rendered (closed) like a static import, loading once', async () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn(() => Promise.resolve(Panel));
      const Deferred = lazyOnIdle(load, (p: { open: boolean; label: string }) => p.open);
      const { rerender } = render(
        <>
          <Deferred open={false} label="A" />
          <Deferred open={false} label="B" />
        </>,
      );
      expect(screen.queryByText('A')).toBeNull();
      await act(async () => {
        await vi.runAllTimersAsync();
      });
      expect(screen.getByText('A')).toHaveAttribute('data-state', 'closed');
      const node = screen.getByText('B');
      rerender(
        <>
          <Deferred open={false} label="A" />
          <Deferred open label="B" />
        </>,
      );
      expect(screen.getByText('B')).toBe(node); // the same element: not remounted
      expect(node).toHaveAttribute('data-state', 'open');
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tries again after a failed load', async () => {
    const load = vi.fn<() => Promise<typeof Panel>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Panel);
    const Deferred = lazyOnIdle(load, () => false);
    await expect(Deferred.preload()).rejects.toThrow('offline');
    await expect(Deferred.preload()).resolves.toBe(Panel);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
