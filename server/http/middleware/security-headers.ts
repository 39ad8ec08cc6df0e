import type { IncomingMessage, ServerResponse } from 'node:http';
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

const nonceSource = (_req: IncomingMessage, res: ServerResponse) =>
  `'nonce-${(res as ServerResponse & { locals: { cspNonce: string } }).locals.cspNonce}'`;

/**
 * A strict Content-Security-Policy: scripts only from this origin or carrying the request's
 * nonce. Style elements need the nonce too (dialogs' scroll lock); style attributes are allowed
 * because components set inline sizes, which cannot run code.
 */
export function securityHeaders({ isProduction, viteDev, stripe }: Options) {
  const extra = (list: string[]) => (stripe ? list : []);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: viteDev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'", ...extra(STRIPE.script)] : ["'self'", nonceSource, ...extra(STRIPE.script)],
        styleSrc: viteDev ? ["'self'", "'unsafe-inline'"] : ["'self'", nonceSource],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://www.gravatar.com', ...extra(['https://*.stripe.com'])],
        frameSrc: stripe ? STRIPE.frame : ["'none'"],
        fontSrc: ["'self'"],
        connectSrc: viteDev ? ["'self'", 'ws:', 'wss:', ...extra(STRIPE.connect)] : ["'self'", ...extra(STRIPE.connect)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: isProduction ? [] : null,
      },
    },
    strictTransportSecurity: isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
