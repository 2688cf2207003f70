import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Spin, Tag, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useAtomValue } from 'jotai';
import type { ReactElement } from 'react';
import type { credentialing } from '@app/contracts';
import { useAlerts } from '../../alerts/hooks/useAlerts';
import { serverMessage } from '../../api/apiError';
import { DocumentLink } from '../../credentialing/components/DocumentLink';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { monitoringApi } from '../api/monitoringApi';
import { monitoringKeys } from '../logic/monitoringKeys';
import { exclusionName, mdy, sourceName } from './exclusionText';
import { ClearancePending } from './ClearancePending';
import { ClearanceRequestForm } from './ClearanceRequestForm';
import { ResolveMatchForm } from './ResolveMatchForm';

export const EXCLUSION_MATCHES_TITLE = 'OIG Exclusion Matches';

const STATUS_COLOURS: Record<credentialing.ExclusionMatchStatus, string> = {
  Open: 'orange',
  Confirmed: 'red',
  'Not the same person': 'green',
  Cleared: 'default',
  'Cleared with evidence': 'green',
};

const standing = (m: credentialing.ExclusionMatchView) => m.status === 'Open' || m.status === 'Confirmed';
const pendingClearance = (m: credentialing.ExclusionMatchView): m is credentialing.ExclusionMatchView & { clearance: credentialing.ClearanceView } =>
  m.clearance?.status === 'Pending';

type Props = {
  providerId: string;
  /** Staff (the file's `can.verify`): open possible matches show the resolve form; a pending NPI clearance, Confirm / Reject. */
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
 * A file's OIG exclusion matches: each with the matched LEIE row, its kind and status. An open
 * possible (name) match shows the resolve form to staff (Confirmed or Not the same person, with a
 * note and evidence). An NPI match is never dismissed that way: the master admin asks to clear it
 * with OIG's evidence, and a second person confirms (ClearanceRequestForm, ClearancePending).
 */
export function ExclusionMatchesCard({ providerId, canResolve, onResolved, refreshKey }: Props): ReactElement {
  const { styles } = useStyles();
  const client = useQueryClient();
  const user = useAtomValue(signedInUserAtom);
  const { pushAlert } = useAlerts();
  // Read afresh on every visit (staleTime 0) and whenever the file's exclusion finding changes (the last matches stay meanwhile).
  const key = monitoringKeys.matches(providerId, refreshKey);
  const query = useQuery({ queryKey: key, queryFn: async () => (await monitoringApi.matches(providerId)).matches, staleTime: 0, placeholderData: keepPreviousData });
  const matches = query.data;
  const done = (next: credentialing.ExclusionMatchView[], text: string) => {
    client.setQueryData(key, next);
    pushAlert({ headerText: 'Exclusion match', headerIcon: 'success', bodyText: text, autoDismiss: true, autoDismissTime: 5000 });
    onResolved();
  };

  return (
    <Card size="small" title={EXCLUSION_MATCHES_TITLE} role="region" aria-label={EXCLUSION_MATCHES_TITLE}>
      {query.isPending ? <Spin /> : null}
      {query.isError ? <Alert type="error" showIcon role="alert" message={serverMessage(query.error) ?? 'The exclusion matches could not be loaded'} /> : null}
      {matches && matches.length === 0 ? <Typography.Text type="secondary">No exclusion match.</Typography.Text> : null}
      {matches
        ? matches.map((match) => {
            if (match.kind === 'Possible match' && canResolve && match.status === 'Open')
              return (
                <div key={match.matchId} className={styles.form}>
                  <ResolveMatchForm
                    providerId={providerId}
                    match={match}
                    onResolved={(resolved) => {
                      const now = resolved.find((m) => m.matchId === match.matchId);
                      done(resolved, `The possible match was resolved: ${now?.status ?? 'resolved'}.`);
                    }}
                  />
                </div>
              );
            if (match.kind !== 'Excluded' || !standing(match)) return <MatchLine key={match.matchId} match={match} />;
            return (
              <div key={match.matchId} className={styles.form}>
                <MatchLine match={match} />
                {pendingClearance(match) ? (
                  <ClearancePending
                    providerId={providerId}
                    match={match}
                    userId={user?._id}
                    canDecide={canResolve}
                    onDone={(next, decision) =>
                      done(next, decision === 'Confirm' ? 'Clearance confirmed: the NPI exclusion no longer stands.' : 'Clearance rejected: the NPI exclusion still stands.')
                    }
                  />
                ) : user?.isMasterAdmin ? (
                  <ClearanceRequestForm providerId={providerId} match={match} onDone={(next) => done(next, 'Clearance requested: a second person must confirm it.')} />
                ) : canResolve ? (
                  <Typography.Text type="secondary" className={styles.small}>
                    An NPI exclusion is not a possible match: only the master admin clears it, with OIG’s reinstatement or corrected listing, and a second person confirms.
                  </Typography.Text>
                ) : null}
              </div>
            );
          })
        : null}
    </Card>
  );
}

function MatchLine({ match }: { match: credentialing.ExclusionMatchView }): ReactElement {
  const { styles } = useStyles();
  const row = match.row;
  return (
    <div role="group" aria-label={`Match ${exclusionName(row)}`} className={styles.match}>
      <Tag color={match.kind === 'Excluded' ? 'red' : match.kind === 'Opted out' ? 'blue' : 'orange'}>{match.kind}</Tag>
      <Tag>{sourceName(row.source)}</Tag>
      <Tag color={STATUS_COLOURS[match.status]}>{match.status}</Tag>
      <Typography.Text strong className={styles.name}>
        {exclusionName(row)}
      </Typography.Text>
      <div className={styles.detail}>
        {[row.npi ? `NPI ${row.npi}` : null, row.state, row.dob ? `born ${mdy(row.dob)}` : null, `${row.exclType ?? 'excluded'} since ${mdy(row.exclDate)}`].filter(Boolean).join(' · ')}
      </div>
      {match.resolvedAt && match.resolvedByName ? (
        <div className={styles.small}>
          Resolved by {match.resolvedByName} on {mdy(match.resolvedAt.slice(0, 10))}
        </div>
      ) : null}
      {match.note ? <div className={styles.small}>Note: {match.note}</div> : null}
      {match.evidence ? (
        <DocumentLink url={match.evidence.fileUrl} className={styles.small}>
          Evidence: {match.evidence.fileName}
        </DocumentLink>
      ) : null}
      {match.clearance && match.clearance.status !== 'Pending' ? (
        <div className={styles.small}>
          Clearance ({match.clearance.reason}) asked by {match.clearance.requestedByName}, {match.clearance.status.toLowerCase()} by {match.clearance.decidedByName ?? 'Former user'} on{' '}
          {mdy(match.clearance.decidedAt?.slice(0, 10) ?? null)}
          {match.clearance.decisionNote ? `: ${match.clearance.decisionNote}` : ''}
        </div>
      ) : null}
    </div>
  );
}
