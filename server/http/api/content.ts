import { Router } from 'express';
import type { AppServices } from '../../../common/load-context';
import { publicReads } from './public-reads';

export function contentRouter(services: AppServices): Router {
  const router = Router();
  router.get('/all', async (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(await publicReads.allContent(services));
  });
  return router;
}
