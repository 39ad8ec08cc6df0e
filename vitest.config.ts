import { defineConfig } from 'vitest/config';

const integration = (name: string, db: 'sqlite' | 'postgres', globalSetup: string[]) => ({
  test: {
    name,
    include: ['tests/integration/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    globalSetup,
    setupFiles: ['tests/helpers/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker; the integration tests wait on servers, databases
    // and child processes much of the time, so two files at once use the machine better.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{app,server,common,scripts,bench}/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/helpers/fail-on-console-error.ts'],
        },
      },
      integration('integration-sqlite', 'sqlite', ['tests/helpers/global-content.ts']),
      integration('integration-postgres', 'postgres', ['tests/helpers/global-content.ts', 'tests/helpers/global-postgres.ts']),
    ],
  },
});
