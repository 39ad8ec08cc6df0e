import { Router } from 'express';
import type { AppServices } from '../../../common/load-context';
import { publicReads } from './public-reads';

export function eventsRouter(services: AppServices): Router {
  const router = Router();
  router.get('/upcoming', async (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(await publicReads.upcomingEvents(services));
  });
  router.get('/all', async (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(await publicReads.allEvents(services));
  });
  router.get('/:number', async (req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(await publicReads.event(services, req.params.number));
  });
  return router;
}
