import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { eventBusFor } from './realtime/eventBusFor';
import { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } from './demo/seed';

/** Starts Floorwatch: config, database (migrated), demo seed, HTTP server, graceful shutdown. */
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

  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `  Floorwatch is running at ${config.publicUrl}`,
    `  Database: ${database.kind === 'pglite' ? `embedded (${path.join(config.dataDir, 'db')})` : 'PostgreSQL'}`,
  ];
  if (config.seedDemo) {
    lines.push(`  Demo sign-in: ${DEMO_EMAIL} / ${DEMO_PASSWORD}${seeded ? ' (demo organization just created)' : ''}`);
  }
  console.log(lines.join('\n') + '\n');
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
