import { describe, expect, it } from 'vitest';
import { campaignProgress, campaignWording, EARMARKED_NOT_DEDUCTIBLE, firstNameOf } from './campaigns';

const campaign = { id: 1, slug: 'groceries', name: 'Groceries', goalCents: 20_000, startsOn: '2027-03-10', endsOn: '2027-03-20' };
const totals = { raisedCents: 5_000, gifts: 2 };

describe('campaignProgress', () => {
  it('counts the days left with today and the last day included', () => {
    expect(campaignProgress(campaign, totals, '2027-03-10')).toMatchObject({ phase: 'open', daysLeft: 11, percent: 25 });
    expect(campaignProgress(campaign, totals, '2027-03-20')).toMatchObject({ phase: 'open', daysLeft: 1 });
    expect(campaignProgress(campaign, totals, '2027-03-21')).toMatchObject({ phase: 'ended', daysLeft: 0 });
    expect(campaignProgress(campaign, totals, '2027-03-01')).toMatchObject({ phase: 'upcoming', daysLeft: 11 });
  });

  it('fills the bar to 100 at most when the goal is passed', () => {
    expect(campaignProgress(campaign, { raisedCents: 45_000, gifts: 9 }, '2027-03-12').percent).toBe(100);
  });
});

describe('what a campaign shows of its donors and says on receipts', () => {
  it('shows a first name only', () => {
    expect(firstNameOf('  Ann Marie Smith ')).toBe('Ann');
  });

  it('adds the earmark sentence only where the campaign names a family', () => {
    expect(campaignWording('The Foundation', null)).toEqual([]);
    expect(campaignWording('The Foundation', { name: 'Groceries', namesFamily: false })).toEqual(['This gift was made to the campaign “Groceries”. The Foundation keeps full discretion over the use of the gift.']);
    expect(campaignWording('The Foundation', { name: 'Groceries', namesFamily: true })).toContain(EARMARKED_NOT_DEDUCTIBLE);
  });
});
