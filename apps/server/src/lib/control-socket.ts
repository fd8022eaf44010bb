import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * The embedded database can be opened by one process only (db/dir-lock.ts), so a command such as
 * `npm run backup` asks the running server through this socket in DATA_DIR. It is a Unix socket
 * with mode 0600: only the user the server runs as (who can read DATA_DIR anyway) reaches it; it
 * is no network port. One request: `POST /backup`, answered with the archive.
 */
export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control.sock');

/** Linux's limit on a socket path (sun_path is 108 bytes with its terminating zero). */
const MAX_SOCKET_PATH = 107;

export type ControlHandlers = {
  /** Writes a backup archive to `out` (lib/backup.ts writeBackup). */
  backup(out: NodeJS.WritableStream): Promise<unknown>;
};

/** Listens on DATA_DIR/control.sock; returns the function that closes it (null: the path is too long for a socket). */
export async function startControlSocket(
  dataDir: string,
  handlers: ControlHandlers,
  log: (msg: string, err?: unknown) => void,
): Promise<(() => Promise<void>) | null> {
  const socket = controlSocketPath(dataDir);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
    log(`${socket} is too long for a socket: npm run backup works only while the server is stopped`);
    return null;
  }
  // A socket left by a process that died (the data directory's lock was taken over, so none runs).
  fs.rmSync(socket, { force: true });
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/x-tar' });
    handlers.backup(res).catch((err: unknown) => {
      log('backup failed', err);
      res.destroy(err as Error);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  fs.chmodSync(socket, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/** Asks the server running on `dataDir` for a backup and writes it to `out`. */
export function requestBackup(dataDir: string, out: NodeJS.WritableStream): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const req = http.request({ socketPath: controlSocketPath(dataDir), method: 'POST', path: '/backup' }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`the server answered ${res.statusCode}`));
        return;
      }
      pipeline(res, out).then(resolve, reject);
    });
    req.on('error', reject);
    req.end();
  });
}
