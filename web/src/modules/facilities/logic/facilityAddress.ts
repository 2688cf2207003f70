import { formatZip } from '../../format';
import type { Facility } from '../types/facility';

/** 'Street Suite, City, ST 12345-6789' of a facility's mailing address. */
export function addressText(address: Facility['mailingAddress'] | undefined): string {
  if (!address) return '';
  const street = [address.street, address.suite].filter(Boolean).join(' ');
  const stateZip = [address.state, formatZip(address.zip)].filter(Boolean).join(' ');
  return [street, address.city, stateZip].filter(Boolean).join(', ');
}

/** An external maps search by street, city and zip (spec §2), or null without an address. */
export function mapsHref(address: Facility['mailingAddress'] | undefined): string | null {
  if (!address) return null;
  const query = [address.street, address.city, address.zip].map((part) => (part ?? '').trim()).filter(Boolean).join(' ');
  return query ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}` : null;
}
