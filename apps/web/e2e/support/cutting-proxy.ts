import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy does with the next request it cuts. */
export type Cut = 'before' | 'after';

export type ProxiedRequest = { method: string; path: string; status: number | null; cut: Cut | null };

/**
 * A proxy between the browser and the test server that can cut connections, as a mobile network
 * does: `before` the server saw the request (the client gets no answer, nothing happened), or
 * `after` the server handled it (it happened, but the answer never reaches the client). Each
 * request of the app's own origin goes through it; `log` lists what reached the server.
 */
export async function startCuttingProxy(target: string) {
  const upstream = new URL(target);
  const log: ProxiedRequest[] = [];
  const cuts: { match: (method: string, path: string) => boolean; cut: Cut }[] = [];

  const server = http.createServer((req, res) => {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const index = cuts.findIndex((c) => c.match(method, path));
    const cut = index >= 0 ? cuts.splice(index, 1)[0]!.cut : null;
    if (cut === 'before') {
      log.push({ method, path, status: null, cut });
      req.resume();
      req.socket.destroy();
      return;
    }
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method,
        path,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        log.push({ method, path, status: answer.statusCode ?? null, cut });
        if (cut === 'after') {
          // The server has done it; its answer is read and thrown away, the client's connection cut.
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => req.socket.destroy());
    req.pipe(forwarded);
  });
  // Each request on a connection of its own: a cut never takes another request with it.
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    log,
    /** Cuts the next request that `match`es, `before` or `after` the server handled it. */
    cutNext(match: (method: string, path: string) => boolean, cut: Cut) {
      cuts.push({ match, cut });
    },
    /** No cut is waiting any more. */
    clearCuts: () => void cuts.splice(0),
    pendingCuts: () => cuts.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type CuttingProxy = Awaited<ReturnType<typeof startCuttingProxy>>;
