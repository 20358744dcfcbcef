/**
 * Counts failed sign-ins per account and per client address in fixed windows, so a
 * password-guessing run is slowed whether it targets one account from many addresses
 * or many accounts from one (OWASP ASVS 2.2.1). State is per process: with several
 * nodes each enforces its own share, which still bounds guessing.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly options: { maxPerAccount: number; maxPerAddress: number; windowMs: number; now?: () => number },
  ) {}

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  private entry(key: string) {
    const now = this.now();
    const found = this.failures.get(key);
    if (found && found.resetAt > now) return found;
    if (found) this.failures.delete(key);
    return undefined;
  }

  /**
   * Seconds to wait before another attempt for this account or address, or 0 when allowed.
   * @param email lower-cased email as typed (known or not: the answer must not tell)
   */
  retryAfter(email: string, address: string): number {
    const account = this.entry(`a:${email}`);
    const client = this.entry(`ip:${address}`);
    const now = this.now();
    let wait = 0;
    if (account && account.count >= this.options.maxPerAccount) wait = Math.max(wait, account.resetAt - now);
    if (client && client.count >= this.options.maxPerAddress) wait = Math.max(wait, client.resetAt - now);
    return Math.ceil(wait / 1000);
  }

  /** Records a failed attempt against both the account and the address. */
  fail(email: string, address: string): void {
    for (const key of [`a:${email}`, `ip:${address}`]) {
      const found = this.entry(key);
      if (found) found.count += 1;
      else this.failures.set(key, { count: 1, resetAt: this.now() + this.options.windowMs });
    }
    if (this.failures.size > 100_000) this.prune();
  }

  /** A successful sign-in clears the account's count (not the address's). */
  succeed(email: string): void {
    this.failures.delete(`a:${email}`);
  }

  private prune(): void {
    const now = this.now();
    for (const [key, value] of this.failures) if (value.resetAt <= now) this.failures.delete(key);
  }
}
