/**
 * Fixed site details shown in the footer and the site map drawer (spec: "The contact
 * details are fixed values").
 */

export const APP_NAME = 'Credentialing Suite';

export type PostalAddress = {
  organization: string;
  street: string;
  suite: string;
  city: string;
  state: string;
  zip: string;
};

export const CONTACT_ADDRESS: PostalAddress = {
  organization: 'Credentialing Suite, Inc.',
  street: '1234 Medical Plaza Dr',
  suite: 'Suite 100',
  city: 'Houston',
  state: 'TX',
  zip: '77030',
};

/** Stored as digits; shown with formatPhone and dialled with phoneHref. */
export const CONTACT_PHONE = '7135550100';
export const CONTACT_EMAIL = 'support@credentialing.example';

export type SocialNetwork = 'linkedin' | 'x';

export type SocialLink = {
  network: SocialNetwork;
  label: string;
  href: string;
};

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { network: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/credentialing-suite' },
  { network: 'x', label: 'X (Twitter)', href: 'https://x.com/credentialing' },
];

/** "1234 Medical Plaza Dr, Suite 100" and "Houston, TX 77030". */
export function addressLines(address: PostalAddress): [string, string] {
  return [`${address.street}, ${address.suite}`, `${address.city}, ${address.state} ${address.zip}`];
}

/** A maps search link for the address. */
export function addressMapHref(address: PostalAddress): string {
  const query = `${address.street} ${address.suite}, ${address.city}, ${address.state} ${address.zip}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
