import { Router, type Request } from 'express';
import type { ServerServices } from '../../services';
import type { SupporterAuth } from '../middleware/auth';
import type { RateLimits } from '../middleware/rate-limits';

/** Spec §7 /api/stripe/*. Paths are written out so a search for a call's name finds its route. */
export function paymentsRouter(
  { donations, signups }: ServerServices,
  { limits, clientKey, auth }: { limits: RateLimits; clientKey: (req: Request) => string | null; auth: SupporterAuth },
): Router {
  const router = Router();
  const { optionalUser, requireSignedIn } = auth;
  const donationIntents = limits.paymentIntents('donation');
  const signupIntents = limits.paymentIntents('signup');
  const saves = limits.paymentSaves();
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.post('/donation_intent', ...donationIntents, optionalUser, async (req, res) => {
    res.status(201).json(await donations.createIntent(req.body, req.user ?? null, clientKey(req)));
  });
  router.post('/save_donation', ...saves, async (req, res) => {
    res.json(await donations.save(req.body));
  });

  router.post('/golf_signup_intent', requireSignedIn, ...signupIntents, async (req, res) => {
    res.status(201).json(await signups.createIntent('golf', req.body, req.user!, clientKey(req)));
  });
  router.post('/save_golf_signup', ...saves, requireSignedIn, async (req, res) => {
    res.json(await signups.save('golf', req.body, req.user!));
  });

  router.post('/gaming_signup_intent', requireSignedIn, ...signupIntents, async (req, res) => {
    res.status(201).json(await signups.createIntent('gaming', req.body, req.user!, clientKey(req)));
  });
  router.post('/save_gaming_signup', ...saves, requireSignedIn, async (req, res) => {
    res.json(await signups.save('gaming', req.body, req.user!));
  });

  router.post('/steakfry_signup_intent', requireSignedIn, ...signupIntents, async (req, res) => {
    res.status(201).json(await signups.createIntent('steakfry', req.body, req.user!, clientKey(req)));
  });
  router.post('/save_steakfry_signup', ...saves, requireSignedIn, async (req, res) => {
    res.json(await signups.save('steakfry', req.body, req.user!));
  });

  return router;
}
