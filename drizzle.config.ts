import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes SQL migrations from server/db/schema; they are applied at start. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
