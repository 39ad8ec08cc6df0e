import { describe, expect, it } from 'vitest';
import { disabledFeatures, withDisabledFeatures } from './chromium-features';

describe('withDisabledFeatures', () => {
  it('merges every --disable-features list and the extra names into one, last, without repeats', () => {
    const flags = ['--disable-features=Translate,MediaRouter', '--no-sandbox', '--disable-features=MediaRouter, PaintHolding', '--mute-audio'];
    expect(withDisabledFeatures(flags, ['WebUIOmniboxPopup', 'Translate'])).toEqual(['--no-sandbox', '--mute-audio', '--disable-features=Translate,MediaRouter,PaintHolding,WebUIOmniboxPopup']);
  });

  it('adds the list when the flags have none', () => {
    expect(withDisabledFeatures(['--no-first-run'], ['A', 'B'])).toEqual(['--no-first-run', '--disable-features=A,B']);
  });

  it('does not take --disable-features-like switches for the list', () => {
    expect(disabledFeatures(['--disable-features-x=A', '--disable-blink-features=B', '--disable-features='])).toEqual([]);
  });
});
