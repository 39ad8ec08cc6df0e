import { Router } from 'express';
import type { ServerServices } from '../../services';
import { bearerAuth } from '../middleware/auth';
import type { RateLimits } from '../middleware/rate-limits';

const FORGOT_ANSWER = {
  message: 'If an account uses that email, we have sent it a link to choose a new password. It works for one hour.',
};

/** Spec §7 user calls, plus password reset, the account's own controls (ADR 026) and its sign-ups (ADR 024). */
export function usersRouter({ accounts, signupChanges }: ServerServices, { siteOrigin, limits }: { siteOrigin: () => string; limits: RateLimits }): Router {
  const router = Router();
  const { requireUser } = bearerAuth(accounts);

  router.post('/register', ...limits.register(), async (req, res) => {
    await accounts.register(req.body, siteOrigin());
    res.status(201).json({ success: true });
  });

  router.post('/login', ...limits.login(), async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await accounts.login(req.body));
  });

  router.get('/dashboard', requireUser, async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json(await accounts.dashboard(req.user!.id));
  });

  // The supporter's own sign-ups: see, change and cancel one (ADR 024).
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
    res.json(await accounts.changePassword(req.user!.id, req.body));
  });

  router.post('/delete', requireUser, ...limits.passwordConfirmed(), async (req, res) => {
    await accounts.deleteAccount(req.user!.id, req.body);
    res.json({ message: 'Your account has been deleted.' });
  });

  router.get('/export', requireUser, async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.attachment('my-data.json');
    res.json(await accounts.exportData(req.user!.id));
  });

  return router;
}
