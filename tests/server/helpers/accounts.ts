import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../../server/auth/passwords';
import { createOrganizationWithUser } from '../../../server/organizations/repository';

export interface Account {
  organizationId: string;
  userId: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  /** `{ authorization: 'Bearer …' }` for inject(). */
  headers: { authorization: string };
}

let counter = 0;

/** Creates an organization with one user and signs in through the real login route. */
export async function createAccount(app: FastifyInstance, name = 'Acme'): Promise<Account> {
  counter += 1;
  const email = `user${counter}-${Date.now()}@${name.toLowerCase().replace(/\W/g, '')}.test`;
  const password = 'correct horse battery staple';
  const { organization, user } = await createOrganizationWithUser(app.db, {
    organizationName: name,
    email,
    name: `${name} Admin`,
    passwordHash: await hashPassword(password),
  });
  // Each account signs in from an address of its own (TEST-NET-2), so a file that makes many
  // accounts stays under the login route's per-address rate limit (30 a minute).
  const remoteAddress = `198.51.100.${(counter % 250) + 1}`;
  const response = await app.inject({ method: 'POST', url: '/v1/auth/password/login', payload: { email, password }, remoteAddress });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const body = response.json<{ access_token: string; refresh_token: string }>();
  return {
    organizationId: organization.id,
    userId: user.id,
    email,
    password,
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    headers: { authorization: `Bearer ${body.access_token}` },
  };
}
