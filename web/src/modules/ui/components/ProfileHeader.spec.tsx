import { UserOutlined } from '@ant-design/icons';
import { screen, within } from '@testing-library/react';
import { renderWithApp } from '../../../testing/renderWithApp';
import { ProfileHeader } from './ProfileHeader';

describe('ProfileHeader', () => {
  it('keeps the banner image free of controls: its camera button is a sibling, not inside the img role (no nested interactive control)', () => {
    renderWithApp(
      <ProfileHeader
        bannerLabel="Banner"
        bannerHeight={120}
        bannerControls={<button type="button" aria-label="Change banner" style={{ position: 'absolute', right: 12, bottom: 12 }} />}
        avatarSize={96}
        avatarIcon={<UserOutlined />}
        avatarAlt="Avatar"
        displayName="Dr Jane Doe"
      />,
    );
    const banner = screen.getByRole('img', { name: 'Banner' });
    expect(within(banner).queryByRole('button')).toBeNull();
    const change = screen.getByRole('button', { name: 'Change banner' });
    // Placed over the banner: both in the same positioned box.
    expect(change.parentElement).toBe(banner.parentElement);
    expect(banner.parentElement?.style.position).toBe('relative');
  });
});
