import type { TestProject } from 'vitest/node';
import { materializeFixtureContent } from '../fixtures/fixture-content';

declare module 'vitest' {
  export interface ProvidedContext {
    /** CONTENT_DIR of every test server: the fixture content with its event dates moved to today. */
    contentDir: string;
  }
}

/** Materializes the fixture content once for an integration project and removes it afterwards. */
export default function setup(project: TestProject) {
  const content = materializeFixtureContent();
  project.provide('contentDir', content.dir);
  process.once('exit', content.remove);
  return () => {
    process.off('exit', content.remove);
    content.remove();
  };
}
