import type { AddressInfo } from 'node:net';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { eventBusFor } from './realtime/eventBusFor';
import { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } from './demo/seed';
import { loopbackOrigin, startDemoSimulator, type DemoSimulator } from './demo/simulator';

/** Starts Floorwatch: config, database (migrated), demo seed, HTTP server, demo VORTEX simulator, graceful shutdown. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  // On PostgreSQL, events fan out between nodes by LISTEN/NOTIFY (DESIGN.md "Scaling out").
  const eventBus = await eventBusFor(database, config.databaseUrl, (error) => {
    process.emitWarning(`Event bus: ${error.message}`);
  });
  const app = await buildApp(config, { database, closeDatabase: true, eventBus });
  const seeded = config.seedDemo ? await seedDemo(app) : false;

  let simulator: DemoSimulator | null = null;
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    await simulator?.stop();
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  if (config.seedDemo) {
    // The simulator posts to this server's own receiver, so it starts once the server listens.
    const receiverOrigin = loopbackOrigin(app.server.address() as AddressInfo);
    simulator = await startDemoSimulator(app, { jwtSecret: config.jwtSecret, receiverOrigin, eventsPerMinute: config.demoEventsPerMinute }).catch((error: unknown) => {
      app.log.error({ err: error }, 'the demo VORTEX simulator could not start; live demo events are off');
      return null;
    });
  }
  const lines = [
    '',
    `  Floorwatch is running at ${config.publicUrl}`,
    `  Database: ${database.kind === 'pglite' ? `embedded (${path.join(config.dataDir, 'db')})` : 'PostgreSQL'}`,
  ];
  if (config.seedDemo) {
    lines.push(`  Demo sign-in: ${DEMO_EMAIL} / ${DEMO_PASSWORD}${seeded ? ' (demo organization just created)' : ''}`);
  }
  if (simulator) {
    const pace = config.demoEventsPerMinute > 0 ? `posting about ${config.demoEventsPerMinute} events a minute` : 'posting no events (DEMO_EVENTS_PER_MINUTE=0)';
    lines.push(`  VORTEX simulator: running at ${simulator.url} for the demo organization, ${simulator.sync.total} devices, ${pace}`);
  }
  console.log(lines.join('\n') + '\n');
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
