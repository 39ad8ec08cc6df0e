import type { Request, RequestHandler } from 'express';
import helmet from 'helmet';

interface Options {
  isProduction: boolean;
  /** Vite's dev server injects inline scripts and a websocket; only then is the policy relaxed. */
  viteDev: boolean;
  /** Stripe.js and its Payment Element frames, only on sites configured for Stripe. */
  stripe: boolean;
}

// Stripe's published CSP for Stripe.js and the Payment Element (docs.stripe.com/security/guide).
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

type Directives = Record<string, string[]>;

/**
 * A strict Content-Security-Policy: scripts only from this origin, plus (on pages) the inline
 * scripts the page was rendered with, allowed by their SHA-256 (ADR 042). No inline style
 * elements at all; style attributes are allowed because components set inline sizes, which
 * cannot run code.
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

/** The policy of one rendered page: the shared directives plus its inline scripts' hashes. */
export function pagePolicy(options: Options): (scriptHashes: string[]) => string {
  return (scriptHashes) => serialize(directivesOf(options, scriptHashes));
}

/** Security headers for every response; pages replace the CSP with their own (pagePolicy). */
function securityHeaders(options: Options) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: directivesOf(options, []) },
    strictTransportSecurity: options.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/**
 * Security headers for every response (securityHeaders), but Cross-Origin-Opener-Policy on answers
 * the same for everyone (`isPublic`): that header makes Chromium move a page opened from another
 * site or a new tab into a fresh process, a 270–500 ms task on a slow phone, and these answers hold
 * nothing that is not public (card fields sit in Stripe's own frames). Every signed-in and
 * back-office answer keeps it (ADR 038).
 */
export function answerSecurityHeaders(options: Options, isPublic: (req: Request) => boolean): RequestHandler {
  const all = securityHeaders(options);
  return (req, res, next) =>
    all(req, res, (error?: unknown) => {
      if (error === undefined && isPublic(req)) res.removeHeader('Cross-Origin-Opener-Policy');
      next(error);
    });
}
