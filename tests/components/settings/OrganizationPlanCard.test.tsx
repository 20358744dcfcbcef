import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SettingsScreen from '../../../src/screens/SettingsScreen';
import { fakeApi, json, problem, renderAt } from '../entities/harness';

const plans = [
  { plan: 'starter', limits: { buildings: 10, floors: 50, devices: 250, members: 10 } },
  { plan: 'professional', limits: { buildings: 50, floors: 250, devices: 2500, members: 50 } },
  { plan: 'enterprise', limits: { buildings: 1000, floors: 10000, devices: 100000, members: 1000 } },
];
const usage = { buildings: 12, floors: 4, devices: 230, members: 2 };
const limitsOf = (plan: string) => ({ plan, limits: plans.find((p) => p.plan === plan)!.limits, usage, plans });

function api() {
  return fakeApi()
    .on('GET', '/v1/vortex/credentials', () => problem(404, { title: 'Not Found' }))
    .on('GET', '/v1/organizations', { organizations: [{ id: 'o1', name: 'Acme Security', plan: 'professional', limits: plans[1]!.limits, created_at: '' }] })
    .on('GET', '/v1/organizations/limits', limitsOf('professional'));
}

const renderSettings = () => renderAt(<SettingsScreen />, { path: '/settings', pattern: '/settings' });
const card = () => screen.getByRole('heading', { name: 'Organization' }).closest('.rt-Card') as HTMLElement;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Settings: organization and plan', () => {
  it('shows the organization, its plan and usage of each limit as a progress bar', async () => {
    api();
    renderSettings();
    expect(await screen.findByText('Acme Security: your plan and how much of it you use.')).toBeInTheDocument();
    expect(within(card()).getByLabelText('Plan: Professional')).toHaveTextContent('Professional plan');
    const bars = within(card()).getAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-valuetext'))).toEqual([
      '12 of 50 buildings',
      '4 of 250 floors',
      '230 of 2500 devices',
      '2 of 50 members',
    ]);
    expect(within(card()).getByRole('progressbar', { name: 'Buildings' })).toHaveAttribute('aria-valuenow', '24');
    expect(within(card()).getByText('230 of 2,500')).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Current plan' })).toBeDisabled();
  });

  it('changes the plan and shows the new limits', async () => {
    const user = userEvent.setup();
    const calls = api().on('POST', '/v1/organizations/subscription', (call) => json(limitsOf((call.body as { plan: string }).plan)));
    renderSettings();
    await user.click(await within(await screen.findByRole('radiogroup', { name: 'Change plan' })).findByRole('radio', { name: 'Enterprise' }));
    await user.click(within(card()).getByRole('button', { name: 'Switch to Enterprise' }));
    expect(await within(card()).findByRole('status')).toHaveTextContent('Plan changed to Enterprise.');
    expect(calls.callsTo('POST', '/v1/organizations/subscription')[0]?.body).toEqual({ plan: 'enterprise' });
    expect(within(card()).getByLabelText('Plan: Enterprise')).toBeInTheDocument();
    expect(within(card()).getByRole('progressbar', { name: 'Buildings' })).toHaveAttribute('aria-valuetext', '12 of 1000 buildings');
  });

  it('shows a refused downgrade’s detail inline and keeps the plan', async () => {
    const user = userEvent.setup();
    const detail = 'The starter plan allows 10 buildings; you have 12. Delete buildings or choose a larger plan.';
    api().on('POST', '/v1/organizations/subscription', () => problem(409, { title: 'Conflict', detail }));
    renderSettings();
    await user.click(await within(await screen.findByRole('radiogroup', { name: 'Change plan' })).findByRole('radio', { name: 'Starter' }));
    await user.click(within(card()).getByRole('button', { name: 'Switch to Starter' }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent(detail);
    expect(within(card()).getByLabelText('Plan: Professional')).toBeInTheDocument();
    await user.click(within(card()).getByRole('radio', { name: 'Professional' }));
    expect(within(card()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why the plan could not be loaded', async () => {
    api().on('GET', '/v1/organizations/limits', () => problem(500, { title: 'Internal Server Error' }));
    renderSettings();
    expect(await screen.findByText('Internal Server Error')).toBeInTheDocument();
  });
});
