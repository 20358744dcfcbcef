import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SettingsScreen from '../../../src/screens/SettingsScreen';
import { VORTEX_WEBHOOK_TEMPLATE } from '../../../src/screens/settings/vortexWebhookTemplate';
import { logger } from '../../../src/lib/logger';
import { fakeApi, json, problem, renderAt } from '../entities/harness';

const saved = {
  base_url: 'https://vortex.example.com',
  api_key_last4: '1234',
  webhook_url: 'https://floorwatch.example.com/v1/vortex/webhooks/3f1e2d4c-0000-4000-8000-000000000001',
  webhook_secret: 'whsec-first-secret-value',
  last_sync_at: null,
};

const renderSettings = () => renderAt(<SettingsScreen />, { path: '/settings', pattern: '/settings' });
const card = () => screen.getByRole('heading', { name: 'VORTEX connection' }).closest('.rt-Card') as HTMLElement;

/**
 * user-event puts its own clipboard on `navigator` at setup; the spy goes on that one, so
 * the test sees exactly what the screen hands to `navigator.clipboard.writeText`.
 */
function setupUser() {
  const user = userEvent.setup();
  const writeText = vi.spyOn(navigator.clipboard, 'writeText');
  return { user, writeText };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Settings: VORTEX connection', () => {
  it('keeps the Appearance section', async () => {
    fakeApi().on('GET', '/v1/vortex/credentials', () => problem(404, { title: 'Not Found' }));
    renderSettings();
    expect(screen.getByRole('heading', { name: 'Appearance' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'VORTEX connection' })).toBeInTheDocument();
  });

  it('checks the form before saving, then saves and shows the webhook details', async () => {
    const user = userEvent.setup();
    const api = fakeApi()
      .on('GET', '/v1/vortex/credentials', () => problem(404, { title: 'Not Found' }))
      .on('POST', '/v1/vortex/credentials', (call) => {
        const body = call.body as { base_url: string; api_key: string };
        return json({ ...saved, base_url: body.base_url, api_key_last4: body.api_key.slice(-4) });
      });
    renderSettings();
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(screen.getByRole('button', { name: 'Test connection' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sync devices' })).toBeDisabled();
    expect(screen.queryByText('Webhook URL')).not.toBeInTheDocument();

    await user.click(save);
    expect(screen.getByText('Base URL is required')).toBeInTheDocument();
    expect(screen.getByText('API key is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/Base URL/)).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText(/Base URL/), 'ftp://vortex.example.com');
    await user.type(screen.getByLabelText(/API key/), 'key-abcd5678');
    await user.click(save);
    expect(screen.getByText('Base URL must start with http:// or https://')).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/vortex/credentials')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/Base URL/));
    await user.type(screen.getByLabelText(/Base URL/), ' https://vortex.example.com/x ');
    await user.click(save);
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/vortex/credentials')[0]?.body).toEqual({ base_url: 'https://vortex.example.com/x', api_key: 'key-abcd5678' });
    expect(screen.getByTestId('webhook-url')).toHaveTextContent(saved.webhook_url);
    expect(screen.getByText('Saved key ends in 5678. Leave blank to keep it.')).toBeInTheDocument();
    expect(screen.getByLabelText(/API key/)).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Test connection' })).toBeEnabled();
  });

  it('keeps the saved key when the field is blank, and shows the server problem inline', async () => {
    const user = userEvent.setup();
    const api = fakeApi()
      .on('GET', '/v1/vortex/credentials', saved)
      .on('POST', '/v1/vortex/credentials', () =>
        problem(400, { title: 'Bad Request', detail: 'base_url must not hold a user name or password; send the key as api_key' }),
      );
    renderSettings();
    const baseUrl = await screen.findByLabelText(/Base URL/);
    expect(baseUrl).toHaveValue('https://vortex.example.com');
    expect(screen.getByText('Saved key ends in 1234. Leave blank to keep it.')).toBeInTheDocument();
    await user.clear(baseUrl);
    await user.type(baseUrl, 'https://vortex.internal:8443');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await within(card()).findByRole('alert');
    expect(alert).toHaveTextContent('base_url must not hold a user name or password; send the key as api_key');
    expect(api.callsTo('POST', '/v1/vortex/credentials')[0]?.body).toEqual({ base_url: 'https://vortex.internal:8443' });
  });

  it('copies the webhook URL, the secret and the template; the secret stays masked until revealed', async () => {
    const { user, writeText } = setupUser();
    fakeApi().on('GET', '/v1/vortex/credentials', saved);
    renderSettings();
    const secret = await screen.findByTestId('webhook-secret');
    expect(secret).not.toHaveTextContent(saved.webhook_secret);
    expect(screen.queryByText(saved.webhook_secret)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy webhook URL' }));
    expect(writeText).toHaveBeenLastCalledWith(saved.webhook_url);
    expect(within(screen.getByRole('button', { name: 'Copy webhook URL' })).getByText('Copied')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy webhook secret' }));
    expect(writeText).toHaveBeenLastCalledWith(saved.webhook_secret);

    await user.click(screen.getByRole('button', { name: 'Copy webhook template' }));
    expect(writeText).toHaveBeenLastCalledWith(VORTEX_WEBHOOK_TEMPLATE);
    expect(screen.getByTestId('webhook-template')).toHaveTextContent('"localTime": {{.LocalTime}}');
    expect(screen.getAllByText(/X-Webhook-Secret/).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Show webhook secret' }));
    expect(secret).toHaveTextContent(saved.webhook_secret);
    await user.click(screen.getByRole('button', { name: 'Hide webhook secret' }));
    expect(secret).not.toHaveTextContent(saved.webhook_secret);
  });

  it('says so when the browser refuses the clipboard', async () => {
    const { user, writeText } = setupUser();
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    writeText.mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    fakeApi().on('GET', '/v1/vortex/credentials', saved);
    renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Copy webhook secret' }));
    expect(await screen.findByText('Copy failed: select the text and copy it yourself.')).toBeInTheDocument();
  });

  it('rotates the secret only after confirming', async () => {
    const user = userEvent.setup();
    const api = fakeApi()
      .on('GET', '/v1/vortex/credentials', saved)
      .on('POST', '/v1/vortex/credentials', { ...saved, webhook_secret: 'whsec-rotated-value' });
    renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Floorwatch will refuse VORTEX’s events until you paste the new secret');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', '/v1/vortex/credentials')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Rotate secret' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByText('New secret made: update the VORTEX webhook profile now.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/vortex/credentials')[0]?.body).toEqual({ base_url: saved.base_url, rotate_webhook_secret: true });
    expect(screen.getByTestId('webhook-secret')).toHaveTextContent('whsec-rotated-value');
  });

  it('shows the connection test result inline: the version, or the problem detail', async () => {
    const user = userEvent.setup();
    let ok = true;
    fakeApi()
      .on('GET', '/v1/vortex/credentials', saved)
      .on('POST', '/v1/vortex/test-connection', () =>
        ok
          ? json({ ok: true, version: '2.4.1' })
          : problem(502, { title: 'Bad Gateway', detail: 'VORTEX at https://vortex.example.com refused the API key; check the key' }),
      );
    renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connected to VORTEX 2.4.1.')).toBeInTheDocument();
    ok = false;
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent('refused the API key; check the key');
    expect(screen.queryByText('Connected to VORTEX 2.4.1.')).not.toBeInTheDocument();
  });

  it('syncs devices and shows the counts, or the spec fallback when the server says nothing', async () => {
    const user = userEvent.setup();
    let ok = true;
    const api = fakeApi()
      .on('GET', '/v1/vortex/credentials', saved)
      .on('POST', '/v1/vortex/sync', () =>
        ok
          ? json({ created: 3, updated: 17, marked_offline: 1, total: 20, last_sync_at: '2025-11-21T10:00:05.000Z' })
          : new Response('upstream exploded', { status: 500 }),
      );
    renderSettings();
    expect(await screen.findByText('Devices not synced yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sync devices' }));
    expect(await screen.findByText('Synced 20 devices: 3 new, 17 updated, 1 marked offline.')).toBeInTheDocument();
    expect(screen.getByText(`Devices last synced ${new Date('2025-11-21T10:00:05.000Z').toLocaleString()}.`)).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/vortex/sync')).toHaveLength(1);

    ok = false;
    await user.click(screen.getByRole('button', { name: 'Sync devices' }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent('Failed to sync with Vortex');
  });

  it('shows a credentials load failure and still offers the form', async () => {
    fakeApi().on('GET', '/v1/vortex/credentials', () =>
      problem(422, { title: 'Unprocessable Entity', detail: 'The saved VORTEX secrets can no longer be read; save the API key again' }),
    );
    renderSettings();
    expect(await within(card()).findByRole('alert')).toHaveTextContent('save the API key again');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument());
  });
});
