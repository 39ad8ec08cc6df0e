import { Router } from 'express';
import type { ServerServices } from '../../services';
import type { SupporterAuth } from '../middleware/auth';

/** Monthly gifts (ADR 027): calls by signed link (the signature is the key) and the signed-in donor's own plans. */
export function givingRouter({ givingPlans }: ServerServices, { requireUser }: SupporterAuth): Router {
  const router = Router();
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'private, no-store');
    next();
  });

  router.get('/plan', async (req, res) => {
    res.json(await givingPlans.viewByLink(req.query));
  });
  router.post('/plan', async (req, res) => {
    res.json(await givingPlans.changeByLink(req.body, req.body));
  });
  router.post('/plan/stop', async (req, res) => {
    res.json(await givingPlans.stopByLink(req.body));
  });

  router.get('/my-plans', requireUser, async (req, res) => {
    res.json(await givingPlans.ofUser(req.user!.id));
  });
  router.post('/my-plans/:id', requireUser, async (req, res) => {
    res.json(await givingPlans.changeForUser(req.user!.id, Number(req.params.id), req.body));
  });
  router.post('/my-plans/:id/stop', requireUser, async (req, res) => {
    res.json(await givingPlans.stopForUser(req.user!.id, Number(req.params.id)));
  });

  return router;
}
