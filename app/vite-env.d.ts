interface ImportMetaEnv {
  /** True in the browser build, which runs on Preact (ADR 041; vite.config.ts). */
  readonly PREACT: boolean;
}
