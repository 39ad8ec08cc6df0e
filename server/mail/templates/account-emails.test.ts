import { describe, expect, it } from 'vitest';
import { emailChangedEmail } from './email-changed';
import { emailVerificationEmail } from './email-verification';
import { SAMPLE_SITE } from './sample-site.test-fixture';

const site = SAMPLE_SITE;
const EVIL = '<script>alert("x")</script>';

describe('account emails', () => {
  it('the verification email carries the link in both parts, says how long it works, and escapes the name', () => {
    const url = 'http://localhost:3000/verify/abc_DEF-123';
    const mail = emailVerificationEmail({ to: 'ada@example.org', first: EVIL, verifyUrl: url, expiresInHours: 48, site });
    expect(mail.subject).toBe('Confirm your email address');
    expect(mail.to).toBe('ada@example.org');
    expect(mail.text).toContain(`To confirm, open this link:\n${url}`);
    expect(mail.text).toContain('expires in 48 hours');
    expect(mail.text).toContain('gifts you made with this address while signed out appear on your dashboard');
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('the change notice goes to the old address and names the new one', () => {
    const mail = emailChangedEmail({ to: 'old@example.org', first: 'Ada', newEmail: 'new@example.org', site });
    expect(mail.to).toBe('old@example.org');
    expect(mail.subject).toBe('The email of your account was changed');
    expect(mail.text).toContain('from old@example.org to new@example.org');
    expect(mail.text).toContain('write to info@example.org right away');
    expect(mail.html).toContain('new@example.org');
  });
});
