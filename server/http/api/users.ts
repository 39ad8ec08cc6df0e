import { Router } from 'express';
import type { ServerServices } from '../../services';
import { bearerAuth } from '../middleware/auth';
import type { RateLimits } from '../middleware/rate-limits';

const FORGOT_ANSWER = {
  message: 'If an account uses that email, we have sent it a link to choose a new password. It works for one hour.',
};

/** Spec §7 user calls, plus password reset. */
export function usersRouter({ accounts, signupChanges }: ServerServices, { siteOrigin, limits }: { siteOrigin: () => string; limits: RateLimits }): Router {
  const router = Router();
  const { requireUser } = bearerAuth(accounts);

  router.post('/register', ...limits.register(), async (req, res) => {
    await accounts.register(req.body);
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

  return router;
}
