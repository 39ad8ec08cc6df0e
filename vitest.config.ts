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
