/**
 * The session secret of the bench's servers: the app (bench/server.ts) and the ratio bench's
 * ceiling (bench/ceiling.ts) HMAC the same cookie into the same session id. Its own file, so the
 * server processes do not load the load generator (bench/lib.ts).
 */
export const BENCH_SESSION_SECRET = 'bench-secret-'.padEnd(40, 'x');
