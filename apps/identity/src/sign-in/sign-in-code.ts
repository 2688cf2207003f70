import type { CodeChannel } from '../domain/account.events';
import { Deliveries } from '../delivery/deliveries';
import { maskEmail, maskPhone, messages } from '../delivery/messages';

/**
 * Where a sign-in code goes: by text message to the account's mobile; an account without a
 * mobile (e.g. a master admin created without ADMIN_MOBILE) gets it by email instead.
 */
export function signInCodeTarget(account: { email: string; mobile?: string | null }): {
  channel: CodeChannel;
  to: string;
  sentTo: string;
  phone: string;
} {
  if (account.mobile) return { channel: 'sms', to: account.mobile, sentTo: maskPhone(account.mobile), phone: maskPhone(account.mobile) };
  return { channel: 'email', to: account.email, sentTo: maskEmail(account.email), phone: '' };
}

export async function deliverSignInCode(deliveries: Deliveries, target: { channel: CodeChannel; to: string }, code: string): Promise<void> {
  if (target.channel === 'sms') await deliveries.text(target.to, messages.signInCodeSms(code));
  else await deliveries.email(messages.signInCodeEmail(target.to, code));
}
