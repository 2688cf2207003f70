import { formatPhone, phoneHref } from '../../format';
import { addressLines, addressMapHref, CONTACT_ADDRESS, CONTACT_PHONE, SOCIAL_LINKS } from './siteInfo';

describe('site contact details', () => {
  it('splits the postal address into street and city lines', () => {
    expect(addressLines(CONTACT_ADDRESS)).toEqual(['1234 Medical Plaza Dr, Suite 100', 'Houston, TX 77030']);
  });

  it('links the address to a maps search', () => {
    expect(addressMapHref(CONTACT_ADDRESS)).toBe(
      'https://www.google.com/maps/search/?api=1&query=1234%20Medical%20Plaza%20Dr%20Suite%20100%2C%20Houston%2C%20TX%2077030',
    );
  });

  it('has a US phone number that formats and dials', () => {
    expect(formatPhone(CONTACT_PHONE)).toBe('713-555-0100');
    expect(phoneHref(CONTACT_PHONE)).toBe('tel:+17135550100');
  });

  it('has two external social links', () => {
    expect(SOCIAL_LINKS).toHaveLength(2);
    for (const link of SOCIAL_LINKS) expect(link.href).toMatch(/^https:\/\//);
  });
});
