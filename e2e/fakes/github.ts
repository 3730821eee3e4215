// A stand-in for GitHub (as GitHub Enterprise Server: the same paths under one host, the REST API
// under /api/v3) for the browser tests, which cannot reach github.com. It speaks GitHub's OAuth web
// flow as documented (docs.github.com, "Authorizing OAuth apps"), with PKCE, and answers the two
// REST calls the console makes, in GitHub's shapes. Its authorize page stands for GitHub's login
// and consent screens: the test types which GitHub user it is and whether that user's email is verified.
//   PORT=3190 GITHUB_CLIENT_ID=… GITHUB_CLIENT_SECRET=… tsx e2e/fakes/github.ts
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

const port = Number(process.env.PORT ?? 3190);
const clientId = process.env.GITHUB_CLIENT_ID ?? 'e2e-github-client';
const clientSecret = process.env.GITHUB_CLIENT_SECRET ?? 'e2e-github-secret';

type GitHubUser = { login: string; email: string; verified: boolean };
type Grant = { user: GitHubUser; redirectUri: string; codeChallenge: string | null; expires: number };

const grants = new Map<string, Grant>();
const tokens = new Map<string, GitHubUser>();

/** GitHub's numeric user id, stable per login. */
function userId(login: string): number {
  return createHash('sha256').update(login).digest().readUInt32BE(0);
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return new URLSearchParams(body);
}

function json(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(value));
}

/** GitHub answers a failed code exchange with 200 and an error object. */
function tokenError(response: ServerResponse, error: string, description: string): void {
  json(response, 200, {
    error,
    error_description: description,
    error_uri: 'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors',
  });
}

function authorizePage(query: URLSearchParams): string {
  const hidden = [...query]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorize application</title></head><body>
<main><h1>Authorize application</h1>
<form method="post" action="/login/oauth/authorize">${hidden}
<label>Username <input name="login" required></label>
<label>Primary email <input name="email" type="email" required></label>
<label><input name="verified" type="checkbox" checked> Email verified</label>
<button type="submit">Authorize</button></form></main></body></html>`;
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', `http://localhost:${port}`);

  if (url.pathname === '/login/oauth/authorize') {
    const params = request.method === 'POST' ? await readForm(request) : url.searchParams;
    if (params.get('client_id') !== clientId) return json(response, 404, { message: 'Not Found' });
    const redirectUri = params.get('redirect_uri') ?? '';
    if (request.method !== 'POST') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void response.end(authorizePage(url.searchParams));
    }
    const code = randomBytes(10).toString('hex');
    const user = {
      login: params.get('login') ?? '',
      email: params.get('email') ?? '',
      verified: params.get('verified') === 'on',
    };
    const method = params.get('code_challenge_method');
    if (method && method !== 'S256') return json(response, 400, { message: 'code_challenge_method must be S256' });
    grants.set(code, {
      user,
      redirectUri,
      codeChallenge: params.get('code_challenge'),
      expires: Date.now() + 10 * 60_000,
    });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    const state = params.get('state');
    if (state) back.searchParams.set('state', state);
    response.writeHead(302, { location: back.toString() });
    return void response.end();
  }

  if (url.pathname === '/login/oauth/access_token' && request.method === 'POST') {
    const form = await readForm(request);
    // Client credentials in the body or as HTTP Basic (client_secret_basic), as GitHub accepts both.
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const [basicId, basicSecret] = basic
      ? Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent)
      : [];
    if (
      (form.get('client_id') ?? basicId) !== clientId ||
      (form.get('client_secret') ?? basicSecret) !== clientSecret
    ) {
      return tokenError(
        response,
        'incorrect_client_credentials',
        'The client_id and/or client_secret passed are incorrect.',
      );
    }
    const code = form.get('code') ?? '';
    const grant = grants.get(code);
    grants.delete(code);
    if (!grant || grant.expires < Date.now())
      return tokenError(response, 'bad_verification_code', 'The code passed is incorrect or expired.');
    if (form.get('redirect_uri') && form.get('redirect_uri') !== grant.redirectUri) {
      return tokenError(
        response,
        'redirect_uri_mismatch',
        'The redirect_uri MUST match the registered callback URL for this application.',
      );
    }
    if (grant.codeChallenge) {
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== grant.codeChallenge) {
        return tokenError(response, 'bad_verification_code', 'The code_verifier does not match the code_challenge.');
      }
    }
    const token = `gho_${randomBytes(18).toString('base64url')}`;
    tokens.set(token, grant.user);
    if (!(request.headers.accept ?? '').includes('application/json')) {
      response.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' });
      return void response.end(
        new URLSearchParams({ access_token: token, scope: 'read:user,user:email', token_type: 'bearer' }).toString(),
      );
    }
    return json(response, 200, { access_token: token, scope: 'read:user,user:email', token_type: 'bearer' });
  }

  if (url.pathname === '/api/v3/user' || url.pathname === '/api/v3/user/emails') {
    const token = /^(?:Bearer|token) (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const user = token ? tokens.get(token) : undefined;
    if (!user)
      return json(response, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });
    if (url.pathname === '/api/v3/user/emails') {
      return json(response, 200, [
        { email: user.email, primary: true, verified: user.verified, visibility: 'private' },
      ]);
    }
    const id = userId(user.login);
    return json(response, 200, {
      login: user.login,
      id,
      node_id: `U_${id}`,
      avatar_url: `http://localhost:${port}/avatars/u/${id}`,
      type: 'User',
      site_admin: false,
      name: user.login,
      email: null,
    });
  }

  json(response, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
}

createServer((request, response) => {
  handle(request, response).catch((error: unknown) => json(response, 500, { message: String(error) }));
}).listen(port, () => console.log(`fake GitHub on http://localhost:${port}`));
