import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/** Starts one throwaway cluster for the PostgreSQL integration project and removes it afterwards. */
export default async function setup(project: TestProject) {
  // TEST_POSTGRES_URL points the suite at an existing server instead (its role must be able to CREATE DATABASE).
  const external = process.env.TEST_POSTGRES_URL;
  if (external) {
    project.provide('postgresAdminUrl', external);
    return;
  }
  const cluster = await startPostgresCluster();
  project.provide('postgresAdminUrl', cluster.adminUrl);
  const stop = () => cluster.stop();
  process.once('exit', stop);
  return () => {
    process.off('exit', stop);
    stop();
  };
}
