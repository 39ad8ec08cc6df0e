import type { Request, RequestHandler } from 'express';
import helmet from 'helmet';

interface Options {
  isProduction: boolean;
  viteDev: boolean;
  stripe: boolean;
}

// docs.stripe.com/security/guide
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

type Directives = Record<string, string[]>;

/**
 * Scripts only from this origin plus the page's inline scripts by SHA-256 (ADR 042). Style
 * attributes are allowed because components set inline sizes, which cannot run code.
 */
function directivesOf({ isProduction, viteDev, stripe }: Options, scriptHashes: string[]): Directives {
  const extra = (list: string[]) => (stripe ? list : []);
  return {
    'default-src': ["'self'"],
    'script-src': viteDev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'", ...extra(STRIPE.script)] : ["'self'", ...scriptHashes, ...extra(STRIPE.script)],
    'style-src': viteDev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https://www.gravatar.com', ...extra(['https://*.stripe.com'])],
    'frame-src': stripe ? STRIPE.frame : ["'none'"],
    'font-src': ["'self'"],
    'connect-src': viteDev ? ["'self'", 'ws:', 'wss:', ...extra(STRIPE.connect)] : ["'self'", ...extra(STRIPE.connect)],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(isProduction ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

const serialize = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');

export function pagePolicy(options: Options): (scriptHashes: string[]) => string {
  return (scriptHashes) => serialize(directivesOf(options, scriptHashes));
}

/** Pages replace the CSP with their own (pagePolicy). */
function securityHeaders(options: Options) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: directivesOf(options, []) },
    strictTransportSecurity: options.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/**
 * COOP makes Chromium move a page opened from another site into a fresh process, a slow task on a
 * phone; public answers hold nothing private, so they go without it (ADR 038).
 */
export function answerSecurityHeaders(options: Options, isPublic: (req: Request) => boolean): RequestHandler {
  const all = securityHeaders(options);
  return (req, res, next) =>
    all(req, res, (error?: unknown) => {
      if (error === undefined && isPublic(req)) res.removeHeader('Cross-Origin-Opener-Policy');
      next(error);
    });
}
