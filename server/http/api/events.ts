import { Router } from 'express';
import type { AppServices } from '../../../common/load-context';

export function eventsRouter(services: AppServices): Router {
  const router = Router();
  router.get('/upcoming', async (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(await services.events.upcoming());
  });
  router.get('/all', async (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json({ event: await services.events.all() });
  });
  router.get('/:number', async (req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(await services.events.byNumber(req.params.number));
  });
  return router;
}
