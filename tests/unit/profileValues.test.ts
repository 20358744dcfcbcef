import { describe, expect, it } from 'vitest';
import { checkProfile, isHttpsUrl, profileValues } from '../../src/screens/account/profileValues';

const user = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', picture: 'https://images.example.test/ada.png' };

describe('the profile form check', () => {
  it('accepts only absolute https addresses as pictures', () => {
    expect(isHttpsUrl('https://images.example.test/a.png')).toBe(true);
    expect(isHttpsUrl('http://images.example.test/a.png')).toBe(false);
    expect(isHttpsUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpsUrl('/v1/a.png')).toBe(false);
  });

  it('sends only what changed: a trimmed name, an emptied picture as null', () => {
    expect(checkProfile(profileValues(user), user)).toEqual({ changes: {} });
    expect(checkProfile({ name: '  Ada King ', picture: user.picture }, user)).toEqual({ changes: { name: 'Ada King' } });
    expect(checkProfile({ name: 'Ada Lovelace', picture: '  ' }, user)).toEqual({ changes: { picture: null } });
    expect(checkProfile({ name: 'Ada Lovelace', picture: 'https://x.example.test/b.png' }, { ...user, picture: null })).toEqual({
      changes: { picture: 'https://x.example.test/b.png' },
    });
  });

  it('names each bad field', () => {
    expect(checkProfile({ name: ' ', picture: 'ftp://x/y.png' }, user)).toEqual({
      errors: { name: 'Enter your name', picture: 'Enter an https:// address of an image, or leave it empty for no picture' },
    });
  });
});
