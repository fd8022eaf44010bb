import http from 'node:http';

/** An upstream of the proxy: its port, and how many requests it was sent. */
export type ProxyUpstream = { port: number; served: number };

/**
 * A round-robin HTTP proxy on `port` (0: any free port): each request goes to the next upstream,
 * bodies streamed both ways; 502 when an upstream cannot be reached. What a load balancer does in
 * front of several server processes, for the two-processes test and the soak bench.
 */
export function startProxy(port: number, upstreams: ProxyUpstream[]) {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer((req, res) => {
    const upstream = upstreams[next++ % upstreams.length]!;
    upstream.served++;
    const out = http.request(
      { host: '127.0.0.1', port: upstream.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  });
  return new Promise<{ url: string; close(): Promise<void> }>((resolve) =>
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${bound}`,
        close: () =>
          new Promise((done) => {
            agent.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    }),
  );
}
