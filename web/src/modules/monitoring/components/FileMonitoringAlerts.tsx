import { Alert, Space } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactElement } from 'react';
import type { credentialing } from '@app/contracts';
import { mdy } from './exclusionText';

type Props = {
  monitoring: credentialing.FileView['monitoring'];
  recredentialingDueOn: string | null;
};

const EXCLUSION_TEXT: Record<Exclude<credentialing.FileExclusion, null>, { type: 'error' | 'warning'; message: string }> = {
  Excluded: { type: 'error', message: 'Excluded: the provider’s NPI is on the OIG exclusion list (LEIE).' },
  Confirmed: { type: 'error', message: 'Excluded: a match on the OIG exclusion list (LEIE) was confirmed.' },
  'Possible match': { type: 'warning', message: 'Possible OIG exclusion match: a person must resolve it (see OIG Exclusion Matches).' },
};

const useStyles = createStyles(({ token, css }) => ({
  alerts: css`
    && {
      width: 100%;
      margin-top: ${token.marginSM}px;
    }
  `,
}));

/**
 * What continuous monitoring found on a file, shown under its status steps: the
 * exclusion finding standing, and an `Expired` credential or a `Lapsed` recredentialing date.
 */
export function FileMonitoringAlerts({ monitoring, recredentialingDueOn }: Props): ReactElement | null {
  const { styles } = useStyles();
  if (!monitoring || (!monitoring.exclusion && !monitoring.status)) return null;
  const exclusion = monitoring.exclusion ? EXCLUSION_TEXT[monitoring.exclusion] : null;
  return (
    <Space direction="vertical" className={styles.alerts} aria-label="Monitoring">
      {exclusion ? <Alert type={exclusion.type} showIcon role="alert" data-testid="file-exclusion" message={exclusion.message} /> : null}
      {monitoring.status === 'Expired' ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="file-monitoring"
          message={`Expired: a credential expired${monitoring.lapsesOn ? ` on ${mdy(monitoring.lapsesOn)}` : ''} and was not renewed.`}
        />
      ) : null}
      {monitoring.status === 'Lapsed' ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="file-monitoring"
          message={`Lapsed: recredentialing was due${recredentialingDueOn ? ` on ${mdy(recredentialingDueOn)}` : ''}.`}
        />
      ) : null}
    </Space>
  );
}
