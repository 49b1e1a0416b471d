// A tiny HTTP client for API tests: JSON in and out, cookies kept per client like a browser.

export interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ClientOptions {
  /** Send `Origin` on changes, as a browser on the app's page does (default true). */
  sameOrigin?: boolean;
  bearer?: string;
}

export class ApiClient {
  cookie: string | null = null;

  constructor(
    readonly baseUrl: string,
    private readonly opts: ClientOptions = {},
  ) {}

  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const h: Record<string, string> = { ...headers };
    if (body !== undefined && typeof body !== 'string') h['content-type'] = 'application/json';
    if (typeof body === 'string') h['content-type'] ??= 'application/json';
    if (this.cookie) h.cookie = this.cookie;
    if (this.opts.bearer) h.authorization = `Bearer ${this.opts.bearer}`;
    if (method !== 'GET' && this.opts.sameOrigin !== false && !('origin' in h)) {
      h.origin = this.baseUrl;
    }
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const setCookie = res.headers.getSetCookie();
    for (const c of setCookie) {
      const pair = c.split(';')[0] ?? '';
      const expired = /Expires=Thu, 01 Jan 1970/i.test(c) || pair.endsWith('=');
      this.cookie = expired ? null : pair;
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = unknown>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }
  put<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, body ?? {}, headers);
  }
  delete<T = unknown>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }

  /** Signs in through the real login call; returns the response body (with token). */
  async login(username: string, password: string) {
    const r = await this.post<{ token: string; _id: string; message?: string }>(
      '/api/users/login',
      { username, password },
    );
    if (r.status !== 200)
      throw new Error(`login ${username} failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  }
}
