import { ConfigError, loadConfig, type AppConfig } from './config';

/** Configuration first, so a bad value stops here with one readable message. */
const dev = process.argv.includes('--dev');

let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// The compiled pages run React's production flavour even on development defaults (docs/decisions/004-runtime-modes.md).
if (!dev) process.env.NODE_ENV = 'production';
else process.env.NODE_ENV ??= 'development';

const { startServer } = await import('./server');
try {
  const running = await startServer(config, { pages: dev ? 'vite' : 'build' });
  running.logger.info(
    { url: running.url, database: config.database.kind, uploads: config.media.kind, env: config.env, pages: dev ? 'vite' : 'build' },
    `foundation website listening on ${running.url}`,
  );
  let signals = 0;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      signals += 1;
      if (signals > 1) process.exit(1); // a second Ctrl-C means "now"
      running.shutdown(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          running.logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
} catch (error) {
  console.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
