import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../shared/enums';
import { afterSignIn } from '../../shared/guards';
import { loginInput } from '../../shared/schemas/auth';
import { createContextFromRequest, type Services } from '../context';
import { AppError } from '../platform/errors';
import { appRouter } from '../router';
import { createCallerFactory } from '../trpc';
import {
  CHEVRONS,
  escapeHtml,
  firstScreenLanguage,
  GLOBE,
  LANGUAGE_NAMES,
  shellOf,
  text,
  themeVariables,
  withFirstScreen,
} from './first-screen';
import { sendCompressedOnce } from './rest/answer-bytes';

// The login screen, drawn by the server (ADR 086). On a phone at 400 kbit/s the login screen
// was blank for ~4 s while the app's ~146 KB of script and CSS arrived and ran. The HTML of
// `/` now carries the screen itself, in the language the app will show (the catalogue's rule,
// first-screen.ts), drawn to the same boxes as the React screen, as a real form: it can be
// filled in and sent before the script has arrived. The form posts to `/` itself, which signs
// in through the same procedure as the app (`auth.login`: throttling, the session cookie) and
// sends the person where the app would (`afterSignIn`, with the page's `?next=`), or answers
// the page again with the refusal in the reader's language. When the app takes over it keeps
// what was typed, the message and the focus (client/src/firstScreen.ts, LoginForm.tsx).

const createCaller = createCallerFactory(appRouter);

/** A refusal drawn on the form: the alert's code and the fields left empty. */
export interface LoginFailure {
  code?: string;
  params?: Record<string, string | number>;
  required?: ('username' | 'password')[];
}

const EYE =
  '<svg viewBox="0 0 256 256" aria-hidden="true"><path fill="none" d="M0 0h256v256H0z"/><path fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round" stroke-width="16" d="M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z"/><circle cx="128" cy="128" r="40" fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round" stroke-width="16"/></svg>';

/** The login screen's own HTML (LoginScreen.tsx inside the signed-out frame). */
export function loginScreen(
  language: Language,
  opts: { username?: string; failure?: LoginFailure } = {},
): string {
  const t = (key: string, values?: Record<string, string>) => text(language, key, values);
  const e = escapeHtml;
  const failure = opts.failure;
  const alert = failure?.code
    ? `<div class="fl-alert" role="alert">${e(t(`errors.${failure.code}`, stringParams(failure.params)))}</div>`
    : '';
  const field = (name: 'username' | 'password', input: string, after = '') => {
    const missing = failure?.required?.includes(name) ?? false;
    const error = missing
      ? `<p class="fl-error" id="fl-${name}-error">${e(t('errors.common.requiredStar'))}</p>`
      : '';
    return (
      `<div class="fl-field"><label for="fl-${name}">${e(t(`login.${name}`))}<span class="fl-star" aria-hidden="true"> *</span></label>` +
      `<div class="fl-wrap${missing ? ' fl-invalid' : ''}">${input.replace('>', missing ? ` aria-invalid="true" aria-describedby="fl-${name}-error">` : '>')}${after}</div>${error}</div>`
    );
  };
  return (
    '<div id="first-screen" data-screen="login"><main class="fl-main"><div class="fl-center"><div class="fl-paper">' +
    // The language switch works once the app is there; until then it is its picture.
    `<div class="fl-group"><span class="fl-lang" lang="${language}" inert aria-hidden="true"><span class="fl-side">${GLOBE}</span>` +
    `${LANGUAGE_NAMES[language]}<span class="fl-side fl-end">${CHEVRONS}</span></span></div>` +
    '<div class="fl-head"><img src="/logo.svg" alt="" width="56" height="56">' +
    `<h1 class="fl-title">${e(t('common.appName'))}</h1><p class="fl-sub">${e(t('login.title'))}</p></div>` +
    // No action: the form posts to the page's own address, its `?next=` included.
    `<form method="post" class="fl-form"${failure ? ` data-failure="${e(JSON.stringify(failure))}"` : ''}>${alert}` +
    field(
      'username',
      `<input id="fl-username" name="username" autocomplete="username" autocapitalize="none" autocorrect="off" spellcheck="false" value="${e(opts.username ?? '')}">`,
    ) +
    field(
      'password',
      '<input id="fl-password" name="password" type="password" autocomplete="current-password">',
      `<span class="fl-eye" inert aria-hidden="true">${EYE}</span>`,
    ) +
    `<button type="submit" class="fl-button">${e(t('login.submit'))}</button></form>` +
    '</div></div></main></div>'
  );
}

const stringParams = (params: LoginFailure['params']) =>
  Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k, String(v)]));

// To the sizes of the React screen (Mantine's Paper, Stack, Input, PasswordInput, Button as
// LoginScreen.tsx and LoginForm.tsx use them, with the phone's 44 px fields of
// theme.module.css), on Mantine's variables from the app's stylesheet that index.html loads
// first. The login journey (tests/e2e/login-first.test.ts) compares the boxes.
const RULES = `
#first-screen~#root{display:none}
#first-screen p,#first-screen h1{margin:0}
.fl-main{display:block;padding:var(--mantine-spacing-md)}
.fl-center{display:flex;align-items:center;justify-content:center;min-height:80vh}
.fl-paper{box-sizing:border-box;width:100%;max-width:420px;padding:var(--mantine-spacing-lg);border:1px solid var(--mantine-color-gray-3);border-radius:var(--mantine-radius-lg);box-shadow:var(--mantine-shadow-md);background:var(--mantine-color-body);display:flex;flex-direction:column;gap:var(--mantine-spacing-lg)}
.fl-group{display:flex;justify-content:flex-end}
.fl-lang{position:relative;display:block;box-sizing:border-box;height:44px;line-height:42px;padding-inline:42px;border:1px solid var(--mantine-color-gray-4);border-radius:var(--mantine-radius-md);background:var(--mantine-color-white);font-size:var(--mantine-font-size-md);font-weight:600;white-space:nowrap}
[lang="ne"].fl-lang{font-family:"Noto Sans Devanagari",var(--mantine-font-family)}
[lang="ja"].fl-lang{font-family:"Noto Sans JP",var(--mantine-font-family)}
.fl-side{position:absolute;top:0;bottom:0;inset-inline-start:0;width:42px;display:flex;align-items:center;justify-content:center;color:var(--mantine-color-dimmed)}
.fl-side.fl-end{inset-inline:auto 0}
.fl-head{display:flex;flex-direction:column;align-items:center;gap:6px}
.fl-head img{display:block;width:56px;height:56px}
.fl-title{font-family:var(--mantine-font-family-headings);font-size:var(--mantine-h2-font-size);line-height:var(--mantine-h2-line-height);font-weight:var(--mantine-h1-font-weight);text-align:center}
.fl-sub{font-size:var(--mantine-font-size-sm);line-height:var(--mantine-line-height-sm);color:var(--mantine-color-dimmed);text-align:center}
.fl-form{display:flex;flex-direction:column;gap:var(--mantine-spacing-md)}
.fl-alert{padding:var(--mantine-spacing-md);border-radius:var(--mantine-radius-md);background:var(--mantine-color-red-light);color:var(--mantine-color-text);font-size:var(--mantine-font-size-sm);line-height:var(--mantine-line-height-sm)}
.fl-field label{display:inline-block;font-size:var(--mantine-font-size-sm);font-weight:600;line-height:var(--mantine-line-height);word-break:break-word}
.fl-star{color:var(--mantine-color-error)}
.fl-wrap{position:relative}
.fl-wrap input{display:block;box-sizing:border-box;width:100%;height:36px;margin:0;padding-inline:12px;border:1px solid var(--mantine-color-gray-4);border-radius:var(--mantine-radius-md);background:var(--mantine-color-white);color:var(--mantine-color-black);font:inherit;font-size:var(--mantine-font-size-sm);line-height:34px;outline:0}
.fl-wrap input:focus{border-color:var(--mantine-primary-color-filled)}
.fl-wrap input:focus-visible{outline:2px solid var(--mantine-primary-color-filled);outline-offset:2px}
.fl-wrap.fl-invalid input{border-color:var(--mantine-color-error);color:var(--mantine-color-error)}
.fl-error{margin-top:5px!important;font-size:var(--mantine-font-size-xs);line-height:1.2;color:var(--mantine-color-error);word-break:break-word}
#fl-password{padding-inline-end:36px}
.fl-eye{position:absolute;top:0;bottom:0;inset-inline-end:0;width:36px;display:flex;align-items:center;justify-content:center;color:var(--mantine-color-gray-light-color)}
.fl-eye svg{width:18px;height:18px}
.fl-button{display:block;width:100%;height:42px;margin:0;padding-inline:22px;border:1px solid transparent;border-radius:var(--mantine-radius-md);background:var(--mantine-primary-color-filled);color:var(--mantine-color-white);font:inherit;font-size:var(--mantine-font-size-md);font-weight:600;line-height:1;cursor:pointer}
.fl-button:focus-visible{outline:2px solid var(--mantine-primary-color-filled);outline-offset:2px}
@media (max-width:47.99em){.fl-wrap input{height:44px;line-height:42px;padding-inline:calc(44px / 3)}#fl-password{padding-inline-end:44px}.fl-eye{width:44px}.fl-button{min-height:44px}}
@media (min-width:48em){.fl-paper{padding:var(--mantine-spacing-xl)}.fl-lang{padding-inline:40px}.fl-side{width:40px}}
`;

let stylesheet: string | null = null;
const loginCss = () => {
  stylesheet ??= themeVariables() + RULES.replace(/\n/g, '');
  return stylesheet;
};

/** The page: index.html with the login screen in it. Throws when the shell is not as expected. */
function loginPage(
  services: Services,
  language: Language,
  opts: { username?: string; failure?: LoginFailure },
): string {
  const shell = shellOf(services.config.clientDir);
  return withFirstScreen(shell.html, {
    screen: loginScreen(language, opts),
    language,
    css: loginCss() + (language === 'ne' ? shell.nepaliFontCss : ''),
  });
}

const languageOf = (req: FastifyRequest) =>
  firstScreenLanguage(null, req.cookies?.lang, req.headers['accept-language']);

function sendPage(req: FastifyRequest, reply: FastifyReply, page: string, status = 200) {
  reply.code(status);
  // It may carry what this person typed and the language of this device: never stored.
  reply.header('cache-control', 'private, no-store');
  reply.header('vary', 'accept-encoding, cookie, accept-language');
  return sendCompressedOnce(req, reply.type('text/html; charset=utf-8'), Buffer.from(page));
}

/**
 * GET `/` for a visitor without a session: the page with the login screen drawn. Null (the
 * plain index.html) for a signed-in visitor, whom the app sends on, a HEAD, or any error.
 */
export function loginScreenPage(
  services: Services,
  req: FastifyRequest,
  reply: FastifyReply,
): string | null {
  if (req.method !== 'GET') return null;
  try {
    if (createContextFromRequest(services, req, reply).user) return null;
    return loginPage(services, languageOf(req), {});
  } catch (err) {
    req.log.warn({ err }, 'login screen not drawn; the plain index.html instead');
    return null;
  }
}

const MAX_FORM_BYTES = 4096;

/** POST `/`: the drawn form sent before the app's script arrived (a plain HTML form). */
export async function loginFormDoor(app: FastifyInstance, services: Services): Promise<void> {
  // Only here: every other route still takes JSON alone.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: MAX_FORM_BYTES },
    (_req, body, done) => {
      const fields: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(String(body))) fields[key] ??= value;
      done(null, fields);
    },
  );
  app.post('/', async (req, reply) => {
    const language = languageOf(req);
    const fields = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<
      string,
      unknown
    >;
    const username = typeof fields.username === 'string' ? fields.username : '';
    const input = loginInput.safeParse({ username, password: fields.password ?? '' });
    const again = (failure: LoginFailure, status: number) =>
      sendPage(req, reply, loginPage(services, language, { username, failure }), status);
    if (!input.success) {
      const required: LoginFailure['required'] = [];
      if (username.trim() === '') required.push('username');
      if (typeof fields.password !== 'string' || fields.password === '') required.push('password');
      // Too long or not text: the sign-in fails as a wrong one would.
      return required.length > 0
        ? again({ required }, 400)
        : again({ code: 'auth.invalidLogin' }, 401);
    }
    const ctx = createContextFromRequest(services, req, reply);
    try {
      const user = await createCaller(ctx).auth.login(input.data);
      const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      // 303: the browser asks for the person's page with a GET, and Back does not post again.
      reply.header('cache-control', 'no-store');
      return reply.redirect(afterSignIn(user, search), 303);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const status = err.code === 'TOO_MANY_REQUESTS' ? 429 : 401;
      if (err.code === 'TOO_MANY_REQUESTS' && typeof err.params?.seconds === 'number') {
        reply.header('retry-after', String(err.params.seconds));
      }
      return again({ code: err.appCode, params: stringNumbers(err.params) }, status);
    }
  });
}

const stringNumbers = (params: AppError['params']) => {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  return out;
};
