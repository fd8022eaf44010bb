import type { LoginAttemptsRepository } from './login-attempts.repository';

/** 5 failures a minute per e-mail and IP (Laravel), 100 an hour per account whatever the IP (ASVS 2.2.1). */
export const THROTTLE = { perMinute: 5, perHour: 100 } as const;

/** Failed-login counters in the database, shared by every server process. */
export function createLoginThrottle(attempts: LoginAttemptsRepository) {
  const since = (ms: number) => new Date(Date.now() - ms);
  return {
    async isBlocked(email: string, ip: string): Promise<boolean> {
      if ((await attempts.countForPair(email, ip, since(60_000))) >= THROTTLE.perMinute) return true;
      return (await attempts.countForEmail(email, since(3_600_000))) >= THROTTLE.perHour;
    },
    recordFailure: (email: string, ip: string): Promise<void> => attempts.insert(email, ip),
    clear: (email: string, ip: string): Promise<void> => attempts.deleteForPair(email, ip),
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
