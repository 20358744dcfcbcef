import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Theme } from '@radix-ui/themes';
import { AngleControl } from '../../src/screens/common/AngleControl';
import type { HeadingAngle } from '../../src/screens/common/AngleControl';
import AngleControlDemoScreen from '../../src/screens/AngleControlDemoScreen';
import { wedgePath } from '../../src/lib/angles';

/** The control under a parent that keeps its value, with spies on both callbacks. */
function renderControl(start: HeadingAngle = { heading_deg: 45, angle_deg: 90 }, props: { disabled?: boolean } = {}) {
  const onChange = vi.fn<(value: HeadingAngle) => void>();
  const onCommit = vi.fn<(value: HeadingAngle) => void>();
  function Parent() {
    const [value, setValue] = useState(start);
    return (
      <AngleControl
        {...props}
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
        onCommit={onCommit}
      />
    );
  }
  render(
    <Theme>
      <Parent />
    </Theme>,
  );
  return { onChange, onCommit, user: userEvent.setup() };
}

const dial = () => screen.getByRole('slider', { name: 'Heading' });
const headingField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Heading' });
const angleField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Angle' });
const lastCommit = (spy: ReturnType<typeof renderControl>['onCommit']) => spy.mock.calls.at(-1)?.[0];

afterEach(() => vi.restoreAllMocks());

describe('AngleControl dial: keyboard (role="slider")', () => {
  it('is a slider 0..359 showing the heading and the wedge', () => {
    renderControl();
    expect(screen.getByRole('group', { name: 'Field of view' })).toBeInTheDocument();
    expect(dial()).toHaveAttribute('aria-valuenow', '45');
    expect(dial()).toHaveAttribute('aria-valuemin', '0');
    expect(dial()).toHaveAttribute('aria-valuemax', '359');
    expect(dial()).toHaveAttribute('aria-valuetext', '45°, field of view 90° wide');
    expect(screen.getByTestId('fov-wedge')).toHaveAttribute('d', wedgePath(45, 90, 66, 80, 80));
  });

  it('steps ±1° with the arrows, ±15° with Shift, and commits each press', async () => {
    const { user, onCommit } = renderControl();
    dial().focus();
    await user.keyboard('{ArrowRight}');
    expect(dial()).toHaveAttribute('aria-valuenow', '46');
    await user.keyboard('{ArrowUp}');
    expect(dial()).toHaveAttribute('aria-valuenow', '47');
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(dial()).toHaveAttribute('aria-valuenow', '62');
    await user.keyboard('{ArrowLeft}{ArrowDown}');
    expect(dial()).toHaveAttribute('aria-valuenow', '60');
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(dial()).toHaveAttribute('aria-valuenow', '45');
    expect(onCommit.mock.calls.map(([v]) => v.heading_deg)).toEqual([46, 47, 62, 61, 60, 45]);
    expect(lastCommit(onCommit)).toEqual({ heading_deg: 45, angle_deg: 90 });
    expect(headingField()).toHaveValue('45');
  });

  it('goes to 0° with Home and 359° with End, and wraps at both ends', async () => {
    const { user } = renderControl();
    dial().focus();
    await user.keyboard('{Home}');
    expect(dial()).toHaveAttribute('aria-valuenow', '0');
    await user.keyboard('{ArrowLeft}');
    expect(dial()).toHaveAttribute('aria-valuenow', '359');
    await user.keyboard('{ArrowRight}');
    expect(dial()).toHaveAttribute('aria-valuenow', '0');
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(dial()).toHaveAttribute('aria-valuenow', '345');
    await user.keyboard('{End}');
    expect(dial()).toHaveAttribute('aria-valuenow', '359');
    await user.keyboard('{PageUp}');
    expect(dial()).toHaveAttribute('aria-valuenow', '14');
  });

  it('does nothing when disabled', async () => {
    const { user, onChange } = renderControl(undefined, { disabled: true });
    fireEvent.keyDown(dial(), { key: 'ArrowRight' });
    expect(dial()).toHaveAttribute('aria-valuenow', '45');
    expect(dial()).toHaveAttribute('aria-disabled', 'true');
    expect(headingField()).toBeDisabled();
    await user.click(dial());
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('AngleControl dial: pointer', () => {
  it('points the heading where the pointer is, and commits on release', () => {
    const { onChange, onCommit } = renderControl();
    vi.spyOn(dial(), 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 100, y: 50, width: 160, height: 160 }));
    // The dial's centre is (180, 130).
    fireEvent.pointerDown(dial(), { pointerId: 1, button: 0, clientX: 260, clientY: 130 });
    expect(dial()).toHaveAttribute('aria-valuenow', '90');
    expect(dial()).toHaveFocus();
    fireEvent.pointerMove(dial(), { pointerId: 1, clientX: 180, clientY: 200 });
    expect(dial()).toHaveAttribute('aria-valuenow', '180');
    fireEvent.pointerMove(dial(), { pointerId: 1, clientX: 100, clientY: 129 });
    expect(dial()).toHaveAttribute('aria-valuenow', '271');
    fireEvent.pointerMove(dial(), { pointerId: 1, clientX: 100, clientY: 125, shiftKey: true });
    expect(dial()).toHaveAttribute('aria-valuenow', '270');
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.pointerUp(dial(), { pointerId: 1, clientX: 100, clientY: 125 });
    expect(onCommit.mock.calls).toEqual([[{ heading_deg: 270, angle_deg: 90 }]]);
    expect(onChange.mock.calls.map(([v]) => v.heading_deg)).toEqual([90, 180, 271, 270]);
    fireEvent.pointerMove(dial(), { pointerId: 1, clientX: 260, clientY: 130 });
    expect(dial()).toHaveAttribute('aria-valuenow', '270');
  });
});

describe('AngleControl number fields', () => {
  it('typing an in-range heading moves the dial at once and commits on Enter', async () => {
    const { user, onCommit } = renderControl();
    await user.clear(headingField());
    await user.type(headingField(), '120');
    expect(dial()).toHaveAttribute('aria-valuenow', '120');
    expect(onCommit).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onCommit.mock.calls).toEqual([[{ heading_deg: 120, angle_deg: 90 }]]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('typing the angle widens the wedge and commits on blur', async () => {
    const { user, onCommit } = renderControl();
    await user.clear(angleField());
    await user.type(angleField(), '30.5');
    await user.tab();
    expect(onCommit.mock.calls.at(-1)).toEqual([{ heading_deg: 45, angle_deg: 30.5 }]);
    expect(screen.getByTestId('fov-wedge')).toHaveAttribute('d', wedgePath(45, 30.5, 66, 80, 80));
  });

  it.each([
    ['370', '10', 'A heading is 0° to under 360°: 370° is 10°.'],
    ['-90', '270', 'A heading is 0° to under 360°: -90° is 270°.'],
    ['360', '0', 'A heading is 0° to under 360°: 360° is 0°.'],
  ])('wraps the heading %s to %s with an inline note', async (typed, shown, note) => {
    const { user, onCommit } = renderControl();
    await user.clear(headingField());
    await user.type(headingField(), `${typed}{Enter}`);
    expect(headingField()).toHaveValue(shown);
    expect(dial()).toHaveAttribute('aria-valuenow', shown);
    expect(screen.getByRole('status')).toHaveTextContent(note);
    expect(headingField()).toHaveAccessibleDescription(note);
    expect(lastCommit(onCommit)).toEqual({ heading_deg: Number(shown), angle_deg: 90 });
    await user.type(headingField(), '5');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each([
    ['0', '1', 'The angle is 1° to 360°: 0° was set to 1°.'],
    ['400', '360', 'The angle is 1° to 360°: 400° was set to 360°.'],
    ['-5', '1', 'The angle is 1° to 360°: -5° was set to 1°.'],
  ])('clamps the angle %s to %s with an inline note', async (typed, shown, note) => {
    const { user, onCommit } = renderControl();
    await user.clear(angleField());
    await user.type(angleField(), typed);
    await user.tab();
    expect(angleField()).toHaveValue(shown);
    expect(screen.getByRole('status')).toHaveTextContent(note);
    expect(lastCommit(onCommit)).toEqual({ heading_deg: 45, angle_deg: Number(shown) });
  });

  it('puts back text that is not a number, with an inline error, and commits nothing', async () => {
    const { user, onCommit, onChange } = renderControl();
    await user.clear(angleField());
    await user.type(angleField(), 'wide');
    await user.tab();
    expect(angleField()).toHaveValue('90');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a number of degrees.');
    expect(angleField()).toHaveAttribute('aria-invalid', 'true');
    expect(onCommit).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('Escape puts the shown value back', async () => {
    const { user } = renderControl();
    await user.clear(headingField());
    await user.type(headingField(), 'abc{Escape}');
    expect(headingField()).toHaveValue('45');
  });

  it('follows the dial while the field is not being edited', async () => {
    const { user } = renderControl();
    dial().focus();
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(headingField()).toHaveValue('60');
  });

  it('shows an out-of-range value it is given normalised', () => {
    renderControl({ heading_deg: -30, angle_deg: 500 });
    expect(dial()).toHaveAttribute('aria-valuenow', '330');
    expect(angleField()).toHaveValue('360');
  });
});

describe('/demo/angle-control', () => {
  it('shows the control on its own with the current and committed values', async () => {
    const user = userEvent.setup();
    render(
      <Theme>
        <AngleControlDemoScreen />
      </Theme>,
    );
    expect(screen.getByRole('heading', { name: 'Angle Control Demo' })).toBeInTheDocument();
    expect(screen.getByTestId('current-heading')).toHaveTextContent('45°');
    dial().focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('current-heading')).toHaveTextContent('46°');
    expect(screen.getByTestId('committed')).toHaveTextContent('46° heading, 90° wide');
    await user.clear(angleField());
    await user.type(angleField(), '120');
    expect(screen.getByTestId('current-angle')).toHaveTextContent('120°');
    expect(screen.getByTestId('committed')).toHaveTextContent('46° heading, 90° wide');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('committed')).toHaveTextContent('46° heading, 120° wide');
  });
});
