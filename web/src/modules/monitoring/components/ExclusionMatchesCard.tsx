import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Spin, Tag, Typography } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactElement } from 'react';
import type { credentialing } from '@app/contracts';
import { serverMessage } from '../../api/apiError';
import { monitoringApi } from '../api/monitoringApi';
import { monitoringKeys } from '../logic/monitoringKeys';
import { exclusionName, mdy } from './exclusionText';
import { ResolveMatchForm } from './ResolveMatchForm';

export const EXCLUSION_MATCHES_TITLE = 'OIG Exclusion Matches';

const STATUS_COLOURS: Record<credentialing.ExclusionMatchStatus, string> = {
  Open: 'orange',
  Confirmed: 'red',
  'Not the same person': 'green',
  Cleared: 'default',
};

type Props = {
  providerId: string;
  /** Staff (the file's `can.verify`): open possible matches show the resolve form. */
  canResolve: boolean;
  /** After a match was resolved (the file changed: reload it). */
  onResolved: () => void;
  /** A value that changes when the matches may have changed (e.g. the file's exclusion finding). */
  refreshKey?: string | null;
};

const useStyles = createStyles(({ token, css }) => ({
  form: css`
    margin-bottom: ${token.margin}px;
  `,
  match: css`
    padding: 6px 0;
    border-bottom: 1px solid rgba(0, 0, 0, 0.06);
  `,
  name: css`
    && {
      overflow-wrap: anywhere;
    }
  `,
  detail: css`
    font-size: ${token.fontSizeSM}px;
    overflow-wrap: anywhere;
  `,
  small: css`
    font-size: ${token.fontSizeSM}px;
  `,
}));

/**
 * A file's OIG exclusion matches (issue #21): each with the matched LEIE row, its kind and status;
 * an open possible match shows the resolve form to staff (Confirmed or Not the same person, with a
 * note and evidence).
 */
export function ExclusionMatchesCard({ providerId, canResolve, onResolved, refreshKey }: Props): ReactElement {
  const { styles } = useStyles();
  const client = useQueryClient();
  // Read afresh on every visit (staleTime 0) and whenever the file's exclusion finding changes (the last matches stay meanwhile).
  const key = monitoringKeys.matches(providerId, refreshKey);
  const query = useQuery({ queryKey: key, queryFn: async () => (await monitoringApi.matches(providerId)).matches, staleTime: 0, placeholderData: keepPreviousData });
  const matches = query.data;

  return (
    <Card size="small" title={EXCLUSION_MATCHES_TITLE} role="region" aria-label={EXCLUSION_MATCHES_TITLE}>
      {query.isPending ? <Spin /> : null}
      {query.isError ? <Alert type="error" showIcon role="alert" message={serverMessage(query.error) ?? 'The exclusion matches could not be loaded'} /> : null}
      {matches && matches.length === 0 ? <Typography.Text type="secondary">No exclusion match.</Typography.Text> : null}
      {matches
        ? matches.map((match) =>
            canResolve && match.status === 'Open' ? (
              <div key={match.matchId} className={styles.form}>
                <ResolveMatchForm
                  providerId={providerId}
                  match={match}
                  onResolved={(resolved) => {
                    client.setQueryData(key, resolved);
                    onResolved();
                  }}
                />
              </div>
            ) : (
              <MatchLine key={match.matchId} match={match} />
            ),
          )
        : null}
    </Card>
  );
}

function MatchLine({ match }: { match: credentialing.ExclusionMatchView }): ReactElement {
  const { styles } = useStyles();
  const row = match.row;
  return (
    <div role="group" aria-label={`Match ${exclusionName(row)}`} className={styles.match}>
      <Tag color={match.kind === 'Excluded' ? 'red' : 'orange'}>{match.kind}</Tag>
      <Tag color={STATUS_COLOURS[match.status]}>{match.status}</Tag>
      <Typography.Text strong className={styles.name}>
        {exclusionName(row)}
      </Typography.Text>
      <div className={styles.detail}>
        {[row.npi ? `NPI ${row.npi}` : null, row.state, row.dob ? `born ${mdy(row.dob)}` : null, `${row.exclType ?? 'excluded'} since ${mdy(row.exclDate)}`].filter(Boolean).join(' · ')}
      </div>
      {match.note ? <div className={styles.small}>Note: {match.note}</div> : null}
      {match.evidence ? (
        <a href={match.evidence.fileUrl} target="_blank" rel="noreferrer" className={styles.small}>
          Evidence: {match.evidence.fileName}
        </a>
      ) : null}
    </div>
  );
}
