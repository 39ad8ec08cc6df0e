import { Router, type Request, type Response } from 'express';
import type { SignInMeta } from '../../domain/accounts';
import type { StartedSession } from '../../domain/supporter-sessions';
import type { ServerServices } from '../../services';
import type { SupporterAuth } from '../middleware/auth';
import type { RateLimits } from '../middleware/rate-limits';
import type { SupporterCookies } from '../supporter-cookies';

const FORGOT_ANSWER = {
  message: 'If an account uses that email, we have sent it a link to choose a new password. It works for one hour.',
};

const REGISTER_ANSWER = { success: true, message: 'Thank you for signing up. We have sent you an email: open it to confirm your address, then log in.' };

/** Spec §7 user calls and the account's own controls (ADR 024, 026, 043); cookie or Bearer token. */
export function usersRouter(
  { accounts, signupChanges }: ServerServices,
  { siteOrigin, limits, auth, cookies }: { siteOrigin: () => string; limits: RateLimits; auth: SupporterAuth; cookies: SupporterCookies },
): Router {
  const router = Router();
  const { requireUser } = auth;
  const meta = (req: Request): SignInMeta => ({ address: req.ip ?? null, userAgent: req.get('user-agent') ?? null, device: cookies.device(req.get('cookie')) });
  /** A browser gets cookies; an API client the token (spec §7). */
  const handOver = (res: Response, started: StartedSession) => {
    if (started.session.via === 'cookie') {
      res.append('Set-Cookie', cookies.signIn(started));
      return {};
    }
    return { token: started.secret };
  };

  router.post('/register', ...limits.register(), async (req, res) => {
    await accounts.register(req.body, siteOrigin());
    res.status(201).json(REGISTER_ANSWER);
  });

  router.post('/login', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const user = await accounts.login(req.body, meta(req));
    res.json(handOver(res, await accounts.startSession(user, 'token', meta(req))));
  });

  // A token kept in localStorage becomes this browser's session, once (ADR 043).
  router.post('/session', ...limits.tokenMoves(), async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ success: true, ...handOver(res, await accounts.adoptStoredToken(req.get('authorization'), meta(req))) });
  });

  router.post('/logout', requireUser, async (req, res) => {
    await accounts.endSession(req.supporterSession!.id);
    if (req.supporterSession!.via === 'cookie') res.append('Set-Cookie', cookies.signOut());
    res.set('Cache-Control', 'no-store').json({ message: 'You are logged out.' });
  });

  router.post('/sign-out-everywhere', requireUser, async (req, res) => {
    await accounts.signOutEverywhere(req.user!.id);
    res.append('Set-Cookie', cookies.signOut());
    res.set('Cache-Control', 'no-store').json({ message: 'You are logged out on every device.' });
  });

  router.get('/dashboard', requireUser, async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json(await accounts.dashboard(req.user!.id));
  });

  // ADR 024.
  router.get('/signups/:id', requireUser, async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json(await signupChanges.view(req.user!.id, req.params.id));
  });

  router.put('/signups/:id', requireUser, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await signupChanges.change(req.user!.id, req.params.id, req.body));
  });

  router.post('/signups/:id/cancel', requireUser, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await signupChanges.cancel(req.user!.id, req.params.id));
  });

  router.post('/forgot', ...limits.forgotPassword(), async (req, res) => {
    await accounts.forgotPassword(req.body, siteOrigin());
    res.json(FORGOT_ANSWER);
  });

  router.post('/reset', ...limits.resetPassword(), async (req, res) => {
    await accounts.resetPassword(req.body);
    res.json({ message: 'Your password has been changed. You can now log in.' });
  });

  router.get('/account', requireUser, async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json(await accounts.account(req.user!.id));
  });

  router.post('/account', requireUser, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await accounts.updateProfile(req.user!.id, req.body, siteOrigin()));
  });

  router.post('/verify/send', requireUser, ...limits.verificationMail(), async (req, res) => {
    await accounts.resendVerification(req.user!.id, siteOrigin());
    res.json({ message: 'We have sent a new link to your email. It works for 48 hours.' });
  });

  router.post('/verify', ...limits.verifyEmail(), async (req, res) => {
    await accounts.verifyEmail(req.body);
    res.json({ message: 'Thank you: your email is confirmed.' });
  });

  router.post('/password', requireUser, ...limits.passwordConfirmed(), async (req, res) => {
    res.set('Cache-Control', 'no-store');
    await accounts.changePassword(req.user!.id, req.body, req.supporterSession!.id);
    res.json({ message: 'Your password has been changed. You are logged out on every other device.' });
  });

  router.post('/delete', requireUser, ...limits.passwordConfirmed(), async (req, res) => {
    await accounts.deleteAccount(req.user!.id, req.body);
    res.append('Set-Cookie', cookies.signOut());
    res.json({ message: 'Your account has been deleted.' });
  });

  router.get('/export', requireUser, async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.attachment('my-data.json');
    res.json(await accounts.exportData(req.user!.id));
  });

  return router;
}
