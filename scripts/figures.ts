// npm run figures: writes docs/figures.md from the bench/*.json files the measuring scripts leave.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderFigures, type FigureInputs } from './figures-lib';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string): unknown => {
  const full = path.join(ROOT, 'bench', file);
  return existsSync(full) ? JSON.parse(readFileSync(full, 'utf8')) : undefined;
};
const inputs: FigureInputs = {
  results: read('results.json'),
  weight: read('weight.json'),
  lighthouse: read('lighthouse.json'),
  firstInteraction: read('first-interaction.json'),
  fuzz: read('fuzz.json'),
  chaos: read('chaos.json'),
};
writeFileSync(path.join(ROOT, 'docs/figures.md'), renderFigures(inputs));
console.log('Wrote docs/figures.md');
