import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eventually } from './eventually';

/** The nginx program (scripts/ensure-debian-tools.mjs installs it before the API tests). */
function nginxBinary(): string {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin']) {
    const file = path.join(dir, 'nginx');
    if (dir && fs.existsSync(file)) return file;
  }
  throw new Error('nginx is not installed: run node scripts/ensure-debian-tools.mjs (npm run test:api does)');
}

/** A port nobody listens on right now. */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves once something accepts connections on the port. */
const accepts = (port: number) =>
  new Promise<void>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', reject);
  });

/**
 * A real nginx in front of `upstreamPort` (the test app listening on a port), as the README's
 * reverse-proxy lines set it up: Host, X-Real-IP, X-Forwarded-For ($proxy_add_x_forwarded_for:
 * what the client sent, then the client's address) and X-Forwarded-Proto. Run as a child process
 * of the test on a free port of 127.0.0.1, with its configuration, logs, pid file and temporary
 * files in a directory of its own; `close` stops it and removes that directory.
 */
export async function startNginx(upstreamPort: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-nginx-'));
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `# One process, no user switch: a test's child, not a service.
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://127.0.0.1:${upstreamPort};
      proxy_set_header Host $host;
      proxy_set_header X-Real-IP $remote_addr;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
  );
  const child = spawn(nginxBinary(), ['-p', dir, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => {
      const log = fs.existsSync(path.join(dir, 'error.log'))
        ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8')
        : '';
      reject(new Error(`nginx stopped (${code ?? signal}): ${stderr}${log}`));
    }),
  );
  exited.catch(() => undefined);
  try {
    await Promise.race([eventually(() => accepts(port)), exited]);
  } catch (err) {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    port,
    /** nginx's access log so far (one line per request it passed on). */
    accessLog: () => fs.readFileSync(path.join(dir, 'access.log'), 'utf8'),
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGQUIT');
        await gone;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
