#!/usr/bin/env node
// `npm start`: the compiled server (build/node/main.js), built first when needed (see README).
import { runCompiled } from './run-compiled.mjs';

await runCompiled('main', process.argv.slice(2));
