import { addressText, mapsHref } from './facilityAddress';

describe('facility address', () => {
  const address = { street: '200 Mail Street', suite: 'Suite 4', city: 'Cambridge', state: 'MA', zip: '021391234' };

  it('reads street and suite, city, state and the zip as 12345-6789', () => {
    expect(addressText(address)).toBe('200 Mail Street Suite 4, Cambridge, MA 02139-1234');
    expect(addressText({ ...address, suite: null, zip: '02139' })).toBe('200 Mail Street, Cambridge, MA 02139');
    expect(addressText(undefined)).toBe('');
  });

  it('links to a maps search by street, city and zip', () => {
    expect(mapsHref(address)).toBe('https://www.google.com/maps/search/?api=1&query=200%20Mail%20Street%20Cambridge%20021391234');
    expect(mapsHref({ street: '', suite: null, city: '', state: '', zip: '' })).toBeNull();
  });
});
