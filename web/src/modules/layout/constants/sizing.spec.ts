import { dialogWidth, isMobileWidth, sideDrawerWidth } from './sizing';

describe('layout sizing', () => {
  it('uses the mobile layout at 700 px or narrower', () => {
    expect(isMobileWidth(375)).toBe(true);
    expect(isMobileWidth(700)).toBe(true);
    expect(isMobileWidth(701)).toBe(false);
    expect(isMobileWidth(1280)).toBe(false);
  });

  it('gives dialogs 350 px on wide screens', () => {
    expect(dialogWidth(1280)).toBe(350);
    expect(dialogWidth(577)).toBe(350);
  });

  it('gives dialogs the window width minus 16 at 576 px or narrower', () => {
    expect(dialogWidth(576)).toBe(560);
    expect(dialogWidth(375)).toBe(359);
    expect(dialogWidth(10)).toBe(0);
  });

  it('makes side drawers full width on mobile-layout screens', () => {
    expect(sideDrawerWidth(375, 320)).toBe(375);
    expect(sideDrawerWidth(1280, 320)).toBe(320);
  });
});
