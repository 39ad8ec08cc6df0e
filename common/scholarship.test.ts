import { describe, expect, it } from 'vitest';
import { DEFAULT_ROUND_CONFIG, roundPhase, scoreSpread, unmetRequirements, weightedScore, wordCount } from './scholarship';

const round = { opensAt: '2030-02-01T05:00:00.000Z', closesAt: '2030-04-01T04:00:00.000Z', decidedAt: null };

describe('roundPhase', () => {
  it('is open from the opening moment to the second before closing, by the clock given', () => {
    expect(roundPhase(round, new Date('2030-02-01T04:59:59.999Z'))).toBe('upcoming');
    expect(roundPhase(round, new Date('2030-02-01T05:00:00.000Z'))).toBe('open');
    expect(roundPhase(round, new Date('2030-04-01T03:59:59.999Z'))).toBe('open');
    expect(roundPhase(round, new Date('2030-04-01T04:00:00.000Z'))).toBe('closed');
    expect(roundPhase({ ...round, decidedAt: '2030-05-01T00:00:00.000Z' }, new Date('2030-03-01T00:00:00.000Z'))).toBe('decided');
  });
});

describe('wordCount', () => {
  it('counts runs of non-space', () => {
    expect(wordCount('')).toBe(0);
    expect(wordCount('   \n ')).toBe(0);
    expect(wordCount(' My coach,  Mr. Hale —\nchanged   everything. ')).toBe(6);
  });
});

describe('unmetRequirements', () => {
  const q = DEFAULT_ROUND_CONFIG.questions;
  const all = { accepted: 'yes', fafsa: 'yes', varsity: 'yes', gpa: '3.0', act: '18' };
  it('meets every default question at the thresholds', () => {
    expect(unmetRequirements(q, all)).toEqual([]);
  });
  it('names each unmet one; missing or unreadable answers do not meet', () => {
    expect(unmetRequirements(q, { ...all, varsity: 'no', gpa: '2.99' }).map((x) => x.key)).toEqual(['varsity', 'gpa']);
    expect(unmetRequirements(q, { ...all, act: 'abc' }).map((x) => x.key)).toEqual(['act']);
    expect(unmetRequirements(q, {}).length).toBe(5);
  });
});

describe('weightedScore and scoreSpread', () => {
  const rubric = [
    { key: 'a', label: 'A', weight: 3 },
    { key: 'b', label: 'B', weight: 1 },
  ];
  it('weights each criterion and needs all of them', () => {
    expect(weightedScore(rubric, { a: 8, b: 4 })).toBe(7);
    expect(weightedScore(rubric, { a: 8 })).toBeNull();
  });
  it('spreads from highest to lowest', () => {
    expect(scoreSpread([7])).toBe(0);
    expect(scoreSpread([7, 4.5, 9])).toBe(4.5);
  });
});
