import type { NotificationAlertLevel } from '../types/notification';

/** The antd colour token of an alert level. */
export type LevelColorToken = 'colorInfo' | 'colorSuccess' | 'colorWarning' | 'colorError';
/** The matching light background token. */
export type LevelBgToken = 'colorInfoBg' | 'colorSuccessBg' | 'colorWarningBg' | 'colorErrorBg';

const LEVEL_TOKENS: Record<NotificationAlertLevel, LevelColorToken> = {
  Info: 'colorInfo',
  Success: 'colorSuccess',
  Warning: 'colorWarning',
  Danger: 'colorError',
  Error: 'colorError',
};

/** Info → colorInfo, Success → colorSuccess, Warning → colorWarning, Danger and Error → colorError; unknown → colorInfo. */
export function levelColorToken(level: string | null | undefined): LevelColorToken {
  return level && Object.hasOwn(LEVEL_TOKENS, level) ? LEVEL_TOKENS[level as NotificationAlertLevel] : 'colorInfo';
}

/** The light background token that goes with a level's colour. */
export function levelBgToken(level: string | null | undefined): LevelBgToken {
  return `${levelColorToken(level)}Bg` as LevelBgToken;
}
