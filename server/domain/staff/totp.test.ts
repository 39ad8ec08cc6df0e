import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { newTotpSecret, totpEnrolment, totpStep } from './totp';

const at = (iso: string) => new Date(iso);
const codeAt = (secret: string, when: Date) => generate({ secret, epoch: Math.floor(when.getTime() / 1000) });

describe('totpStep', () => {
  const secret = newTotpSecret();
  const now = at('2030-03-01T12:00:10Z');

  it('accepts the current code and one step of drift either way, and answers its time step', async () => {
    const step = Math.floor(now.getTime() / 30_000);
    expect(await totpStep(secret, await codeAt(secret, now), null, now)).toBe(step);
    expect(await totpStep(secret, await codeAt(secret, new Date(now.getTime() - 30_000)), null, now)).toBe(step - 1);
    expect(await totpStep(secret, await codeAt(secret, new Date(now.getTime() + 30_000)), null, now)).toBe(step + 1);
    expect(await totpStep(secret, await codeAt(secret, new Date(now.getTime() + 120_000)), null, now)).toBeNull();
  });

  it('never accepts a code of a step already used (replay)', async () => {
    const code = await codeAt(secret, now);
    const step = (await totpStep(secret, code, null, now))!;
    expect(await totpStep(secret, code, step, now)).toBeNull();
    expect(await totpStep(secret, await codeAt(secret, new Date(now.getTime() + 30_000)), step, now)).toBe(step + 1);
  });

  it('refuses anything but six digits without throwing', async () => {
    for (const typed of ['', '12345', '1234567', 'abcdef', '12 34 5', '<script>']) expect(await totpStep(secret, typed, null, now)).toBeNull();
    expect(await totpStep(secret, ` ${(await codeAt(secret, now)).replace(/^(\d{3})/, '$1 ')} `, null, now)).not.toBeNull();
  });
});

describe('totpEnrolment', () => {
  it('gives an otpauth link naming the foundation and the person, and an SVG QR code', async () => {
    const secret = newTotpSecret();
    const { uri, qrSvgDataUrl } = await totpEnrolment(secret, 'Test Valley Foundation', 'ann@example.org');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Test%20Valley%20Foundation:ann%40example\.org\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(Buffer.from(qrSvgDataUrl.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg/);
  });
});
