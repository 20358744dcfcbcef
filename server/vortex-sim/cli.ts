/**
 * `npm run vortex:sim -- [options]`: runs the VORTEX simulator (server/vortex-sim/README.md)
 * until Ctrl+C or `--duration`. Exit codes: 0 done, 1 could not start, 2 bad arguments.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_EVENT_TYPES } from './eventCatalog';
import { startVortexSimulator } from './httpServer';
import { createSeededRandom } from './random';
import { startWebhookPoster, type WebhookPoster } from './webhookPoster';

const USAGE = `VORTEX simulator: serves the VORTEX adapter contract (server/vortex/README.md) for
the demo organization's cameras and posts VORTEX alarm-management webhooks.

Usage: npm run vortex:sim -- [options]

Options:
  --port <n>             TCP port for the VORTEX API (default 4010; 0 = any free port)
  --host <address>       Interface to listen on (default 127.0.0.1)
  --api-key <key>        Bearer API key clients must send (default: a random key, printed)
  --webhook-url <url>    Post webhooks to this receiver, e.g.
                         http://127.0.0.1:3000/v1/vortex/webhooks/<connectionId>
                         (without it, no webhooks are sent)
  --webhook-secret <s>   Sent as the X-Webhook-Secret header (required with --webhook-url)
  --rate <n>             Webhook events per second (default 1; decimals allowed, e.g. 0.2)
  --duration <s>         Stop after this many seconds (default: run until Ctrl+C)
  --seed <n>             Seed for the event sequence, to replay a run (default: random)
  -h, --help             Show this help

Serves (every request needs "Authorization: Bearer <api key>", else 401):
  GET /api/v1/health                                    {"status":"ok","version":"2.4.1"}
  GET /api/v1/devices                                   the fleet: CAMERA, NVR_CAMERA, IO_MODULE, NVR
  GET /api/v1/devices/{deviceId}/snapshot[?timestamp=s] a JPEG with the device name and time

Webhook event types (VORTEX names): ${DEFAULT_EVENT_TYPES.map((t) => t.eventType).join(', ')}.

Example:
  npm run vortex:sim -- --port 4010 --api-key dev-key \\
    --webhook-url http://127.0.0.1:3000/v1/vortex/webhooks/<connectionId> --webhook-secret <secret> --rate 0.5
`;

class UsageError extends Error {}

function numberOption(value: string | undefined, name: string, fallback: number, check: (n: number) => boolean, rule: string): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || !check(parsed)) throw new UsageError(`--${name} must be ${rule} (got "${value}")`);
  return parsed;
}

function readOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'api-key': { type: 'string' },
      'webhook-url': { type: 'string' },
      'webhook-secret': { type: 'string' },
      rate: { type: 'string' },
      duration: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const webhookUrl = values['webhook-url'];
  if (webhookUrl !== undefined && !/^https?:\/\/[^/]/i.test(webhookUrl)) throw new UsageError('--webhook-url must be an absolute http(s) URL');
  if (webhookUrl !== undefined && !values['webhook-secret']) throw new UsageError('--webhook-secret is required with --webhook-url');
  if (values['api-key'] !== undefined && values['api-key'].trim() === '') throw new UsageError('--api-key must not be empty');
  return {
    help: values.help === true,
    port: numberOption(values.port, 'port', 4010, (n) => Number.isInteger(n) && n >= 0 && n <= 65535, 'a whole number from 0 to 65535'),
    host: values.host ?? '127.0.0.1',
    apiKey: values['api-key'],
    webhookUrl,
    webhookSecret: values['webhook-secret'] ?? '',
    rate: numberOption(values.rate, 'rate', 1, (n) => n > 0 && n <= 1000, 'a number of events per second above 0 and at most 1000'),
    durationSeconds: numberOption(values.duration, 'duration', Infinity, (n) => n > 0, 'a number of seconds above 0'),
    seed: numberOption(values.seed, 'seed', Math.floor(Math.random() * 2 ** 31), Number.isInteger, 'a whole number'),
  };
}

async function main(argv: string[]): Promise<number> {
  let options: ReturnType<typeof readOptions>;
  try {
    options = readOptions(argv);
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof TypeError)) throw error;
    console.error(`${error.message}\nRun with --help for the options.`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const sim = await startVortexSimulator({ port: options.port, host: options.host, ...(options.apiKey ? { apiKey: options.apiKey } : {}) });
  const byType = new Map<string, number>();
  for (const device of sim.devices) byType.set(device.type, (byType.get(device.type) ?? 0) + 1);
  console.log(`VORTEX simulator listening on ${sim.url}`);
  console.log(`  API key:  ${sim.apiKey}`);
  console.log(`  Routes:   GET ${sim.url}/api/v1/health, /api/v1/devices, /api/v1/devices/{deviceId}/snapshot[?timestamp=<s>]`);
  console.log(`  Devices:  ${sim.devices.length} (${[...byType].map(([type, n]) => `${n} ${type}`).join(', ')})`);

  let poster: WebhookPoster | null = null;
  if (options.webhookUrl) {
    poster = startWebhookPoster({
      url: options.webhookUrl,
      secret: options.webhookSecret,
      ratePerSecond: options.rate,
      devices: sim.devices,
      random: createSeededRandom(options.seed),
      onDelivery: (d) => {
        if (d.status === null || d.status >= 300) console.error(`  webhook ${d.eventId} (${d.eventType}) failed: ${d.error ?? `HTTP ${d.status}`}`);
      },
    });
    console.log(`  Webhooks: ${options.rate} event/s to ${options.webhookUrl} (seed ${options.seed})`);
  } else {
    console.log('  Webhooks: off (pass --webhook-url and --webhook-secret to send them)');
  }

  await new Promise<void>((resolve) => {
    if (Number.isFinite(options.durationSeconds)) setTimeout(resolve, options.durationSeconds * 1000);
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await poster?.stop();
  await sim.stop();
  if (poster) console.log(`Stopped. Webhooks sent: ${poster.sent()}, failed: ${poster.failed()}, dropped: ${poster.dropped()}.`);
  else console.log('Stopped.');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`The VORTEX simulator could not run: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
