import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

interface Options {
  isProduction: boolean;
  /** Vite's dev server injects inline scripts and a websocket; only then is the policy relaxed. */
  viteDev: boolean;
}

const nonceSource = (_req: IncomingMessage, res: ServerResponse) =>
  `'nonce-${(res as ServerResponse & { locals: { cspNonce: string } }).locals.cspNonce}'`;

/**
 * A strict Content-Security-Policy: scripts only from this origin or carrying the request's
 * nonce. Style elements need the nonce too (dialogs' scroll lock); style attributes are allowed
 * because components set inline sizes, which cannot run code.
 */
export function securityHeaders({ isProduction, viteDev }: Options) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: viteDev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", nonceSource],
        styleSrc: viteDev ? ["'self'", "'unsafe-inline'"] : ["'self'", nonceSource],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://www.gravatar.com'],
        fontSrc: ["'self'"],
        connectSrc: viteDev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
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
