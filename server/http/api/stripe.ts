import { Router } from 'express';
import type { SignupKind } from '../../../common/signups';
import type { ServerServices } from '../../services';

const SIGNUP_KINDS: SignupKind[] = ['golf', 'gaming', 'steakfry'];
import { bearerAuth } from '../middleware/auth';

/** Spec §7 /api/stripe/* calls: intents and saves for donations (and event sign-ups). */
export function stripeRouter({ accounts, donations, signups }: ServerServices): Router {
  const router = Router();
  const { optionalUser, requireSignedIn } = bearerAuth(accounts);
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.post('/donation_intent', optionalUser, async (req, res) => {
    res.status(201).json(await donations.createIntent(req.body, req.user ?? null));
  });

  router.post('/save_donation', async (req, res) => {
    res.json(await donations.save(req.body));
  });

  for (const kind of SIGNUP_KINDS) {
    router.post(`/${kind}_signup_intent`, requireSignedIn, async (req, res) => {
      res.status(201).json(await signups.createIntent(kind, req.body, req.user!));
    });
    router.post(`/save_${kind}_signup`, requireSignedIn, async (req, res) => {
      res.json(await signups.save(kind, req.body, req.user!));
    });
  }

  return router;
}
