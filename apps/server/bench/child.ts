import type { FastifyInstance } from 'fastify';

/**
 * The end of a bench server process (bench/server.ts, bench/ceiling.ts, started by
 * bench/lib.ts's startServer): listens on a free port of 127.0.0.1, tells the parent the port
 * over IPC, answers its 'memory' and 'cpu' questions (the export bench samples memory, the ratio
 * bench compares CPU per request) and closes on 'stop' or when the parent goes away.
 */
export async function serveToParent(app: FastifyInstance, closeDatabase: () => Promise<void>): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');

  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await closeDatabase();
    process.exit(0);
  };
  process.on('message', (msg) => {
    if (msg === 'stop') void stop();
    if (msg === 'memory') process.send!({ rss: process.memoryUsage().rss });
    if (msg === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send!({ cpu: user + system });
    }
  });
  process.on('disconnect', () => void stop());
  process.send!({ port: address.port });
}

/** Runs a bench server's main, exiting with the error printed if it fails to start. */
export function runChild(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
