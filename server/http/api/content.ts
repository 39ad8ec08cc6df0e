import { Router } from 'express';
import type { AppServices } from '../../../common/load-context';

export function contentRouter(services: AppServices): Router {
  const router = Router();
  router.get('/all', async (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(await services.content.all());
  });
  return router;
}
