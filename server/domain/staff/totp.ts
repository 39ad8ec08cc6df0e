import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** One step either side allows for clock drift. */
const TOLERANCE_SECONDS = 30;
const SIX_DIGITS = /^\d{6}$/;

export const newTotpSecret = (): string => generateSecret();

export async function totpEnrolment(secret: string, issuer: string, email: string): Promise<{ uri: string; qrSvgDataUrl: string }> {
  const uri = generateURI({ issuer, label: email, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { uri, qrSvgDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Null when wrong or not newer than `afterStep`. */
export async function totpStep(secret: string, typed: string, afterStep: number | null, now: Date): Promise<number | null> {
  const code = typed.replace(/\s/g, '');
  if (!SIX_DIGITS.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  // The result type covers HOTP too.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
