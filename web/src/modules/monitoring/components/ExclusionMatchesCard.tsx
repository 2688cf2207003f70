import { Alert, Card, Spin, Tag, Typography } from 'antd';
import { type ReactElement, useEffect, useState } from 'react';
import type { credentialing } from '@app/contracts';
import { serverMessage } from '../../api/apiError';
import { monitoringApi } from '../api/monitoringApi';
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

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'matches'; matches: credentialing.ExclusionMatchView[] };

/**
 * A file's OIG exclusion matches (issue #21): each with the matched LEIE row, its kind and status;
 * an open possible match shows the resolve form to staff (Confirmed or Not the same person, with a
 * note and evidence).
 */
export function ExclusionMatchesCard({ providerId, canResolve, onResolved, refreshKey }: Props): ReactElement {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    let cancelled = false;
    monitoringApi.matches(providerId).then(
      (reply) => !cancelled && setLoaded({ state: 'matches', matches: reply.matches }),
      (error: unknown) => !cancelled && setLoaded({ state: 'failed', message: serverMessage(error) ?? 'The exclusion matches could not be loaded' }),
    );
    return () => {
      cancelled = true;
    };
  }, [providerId, refreshKey]);

  return (
    <Card size="small" title={EXCLUSION_MATCHES_TITLE} role="region" aria-label={EXCLUSION_MATCHES_TITLE}>
      {loaded.state === 'loading' ? <Spin /> : null}
      {loaded.state === 'failed' ? <Alert type="error" showIcon role="alert" message={loaded.message} /> : null}
      {loaded.state === 'matches' && loaded.matches.length === 0 ? <Typography.Text type="secondary">No exclusion match.</Typography.Text> : null}
      {loaded.state === 'matches'
        ? loaded.matches.map((match) =>
            canResolve && match.status === 'Open' ? (
              <div key={match.matchId} style={{ marginBottom: 16 }}>
                <ResolveMatchForm
                  providerId={providerId}
                  match={match}
                  onResolved={(matches) => {
                    setLoaded({ state: 'matches', matches });
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
  const row = match.row;
  return (
    <div role="group" aria-label={`Match ${exclusionName(row)}`} style={{ padding: '6px 0', borderBottom: '1px solid rgba(0,0,0,0.06)' }}>
      <Tag color={match.kind === 'Excluded' ? 'red' : 'orange'}>{match.kind}</Tag>
      <Tag color={STATUS_COLOURS[match.status]}>{match.status}</Tag>
      <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
        {exclusionName(row)}
      </Typography.Text>
      <div style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
        {[row.npi ? `NPI ${row.npi}` : null, row.state, row.dob ? `born ${mdy(row.dob)}` : null, `${row.exclType ?? 'excluded'} since ${mdy(row.exclDate)}`].filter(Boolean).join(' · ')}
      </div>
      {match.note ? <div style={{ fontSize: 12 }}>Note: {match.note}</div> : null}
      {match.evidence ? (
        <a href={match.evidence.fileUrl} target="_blank" rel="noreferrer" style={{ fontSize: 12 }}>
          Evidence: {match.evidence.fileName}
        </a>
      ) : null}
    </div>
  );
}
