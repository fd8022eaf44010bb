import Profile from '../../features/profile/routes/profile';
import { ApiTokensSettings } from '../../features/api-tokens/components/api-tokens-settings';
import { TwoFactorSettings } from '../../features/two-factor/components/two-factor-settings';

/** The profile with the account's security settings, each of its own feature. */
export default function ProfileScreen() {
  return <Profile twoFactor={<TwoFactorSettings />} apiTokens={<ApiTokensSettings />} />;
}
