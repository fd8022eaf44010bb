import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Body = Record<string, unknown>;

/** Form fields as a browser sends them: an array becomes the same key repeated. */
function fields(body: Body): [string, string][] {
  return Object.entries(body).flatMap(([k, v]): [string, string][] =>
    Array.isArray(v) ? v.map((item): [string, string] => [k, String(item ?? '')]) : [[k, String(v ?? '')]],
  );
}
type RequestOptions = {
  body?: Body;
  query?: Record<string, string>;
  /** 'json' (default), 'form' (x-www-form-urlencoded) or 'multipart'; arrays repeat the key. */
  as?: 'json' | 'form' | 'multipart';
  /** Send the CSRF header (default true). */
  csrf?: boolean;
};

/**
 * A browser-like client for app.inject(): keeps the session cookie and the CSRF token, so tests
 * read like the web app's calls.
 */
export class TestClient {
  private cookie: string | undefined;
  token: string | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = '127.0.0.1',
  ) {}

  private remember(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (c.name === 'kw_session') this.cookie = c.value && c.maxAge !== 0 ? `${c.name}=${c.value}` : undefined;
    }
  }

  async request(method: InjectOptions['method'], url: string, opts: RequestOptions = {}) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookie) headers.cookie = this.cookie;
    if (opts.csrf !== false && this.token) headers['x-csrf-token'] = this.token;
    let payload: string | Buffer | undefined;
    if (opts.body) {
      if (opts.as === 'form') {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(fields(opts.body)).toString();
      } else if (opts.as === 'multipart') {
        const boundary = '----kwtest' + Math.random().toString(16).slice(2);
        headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
        payload = Buffer.from(
          fields(opts.body)
            .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
            .join('') + `--${boundary}--\r\n`,
        );
      } else {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(opts.body);
      }
    }
    const res = await this.app.inject({ method, url, query: opts.query, headers, payload, remoteAddress: this.ip });
    this.remember(res);
    assertJsonTyped(res);
    return res;
  }

  /** The cookie and CSRF headers this client sends, for raw app.inject() calls. */
  authHeaders(): Record<string, string> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    if (this.token) headers['x-csrf-token'] = this.token;
    return headers;
  }

  /**
   * A multipart POST of a form with fields and files, as the web app sends a form with photos
   * (`csrf: false` leaves the CSRF token out).
   */
  async postForm(
    url: string,
    fields: Record<string, string>,
    files: { field: string; name: string; type: string; data: Buffer }[] = [],
    csrf = true,
  ) {
    const boundary = '----kwform' + Math.random().toString(16).slice(2);
    const parts: Buffer[] = [];
    for (const [name, value] of Object.entries(fields)) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
    for (const file of files) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
        ),
        file.data,
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    const headers: Record<string, string> = {
      accept: 'application/json',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    };
    if (this.cookie) headers.cookie = this.cookie;
    if (csrf && this.token) headers['x-csrf-token'] = this.token;
    return this.app.inject({ method: 'POST', url, headers, payload: Buffer.concat(parts), remoteAddress: this.ip });
  }

  /** A multipart POST with one file (as a browser sends an <input type="file">). */
  async upload(url: string, field: string, file: { name: string; type: string; data: Buffer }, csrf = true) {
    const boundary = '----kwupload' + Math.random().toString(16).slice(2);
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    };
    if (this.cookie) headers.cookie = this.cookie;
    if (csrf && this.token) headers['x-csrf-token'] = this.token;
    return this.app.inject({ method: 'POST', url, headers, payload, remoteAddress: this.ip });
  }

  get = (url: string, opts?: RequestOptions) => this.request('GET', url, opts);
  post = (url: string, opts?: RequestOptions) => this.request('POST', url, opts);
  put = (url: string, opts?: RequestOptions) => this.request('PUT', url, opts);
  delete = (url: string, opts?: RequestOptions) => this.request('DELETE', url, opts);

  /** GET /api/token, as the web app does before a change. */
  async fetchToken(): Promise<string> {
    const res = await this.get('/api/token');
    this.token = (res.json() as { data: { token: string } }).data.token;
    return this.token;
  }

  /** Logs in and refreshes the CSRF token, as the web app does. */
  async login(email: string, password: string) {
    await this.fetchToken();
    const res = await this.post('/api/login', { body: { email, password } });
    if (res.statusCode === 200) await this.fetchToken();
    return res;
  }
}

/**
 * Every JSON answer says it is JSON: the web client reads a body without `application/json` as
 * "De server gaf een onverwacht antwoord" (an error answer of a `_method` twin once came without
 * a content type, so the screen lost the server's reason). Checked on every request of every
 * API test.
 */
function assertJsonTyped(res: { body: string; headers: Record<string, unknown>; statusCode: number }) {
  if (!res.body.startsWith('{')) return;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) {
    throw new Error(`a JSON answer (${res.statusCode}) came with content-type "${type}": ${res.body.slice(0, 200)}`);
  }
}
