import type { RecordedEvent } from '@app/event-store';
import { credentialing } from '@app/contracts';
import type { IntegrationMapper } from '@app/nest-kit';
import type { CredentialingEvent } from '../domain/credentialing-file.events';
import { expiresOn } from '../domain/open-items';
import { MONITORING_ALERT_EVENT } from '../monitoring-alerts/monitoring-alerts';

/**
 * What credentialing publishes on `events.credentialing.*` (contracts:
 * libs/contracts/src/credentialing/credentialing.v1.ts): ids, kinds, statuses and dates only —
 * no licence numbers, answers, notes, evidence or documents.
 */
export const credentialingIntegrationEvents: IntegrationMapper = (e: RecordedEvent) => {
  // Monitoring alerts are stored in the shape they leave in (monitoring-alerts.ts).
  if (e.type === MONITORING_ALERT_EVENT) return { type: credentialing.MONITORING_ALERT_RAISED_V1, data: e.data as credentialing.MonitoringAlertRaisedV1 };
  // So are the notices of a file (notify-provider/provider-notices.ts).
  if (e.type === credentialing.CREDENTIALING_NOTICE_RAISED_V1) return { type: credentialing.CREDENTIALING_NOTICE_RAISED_V1, data: e.data as credentialing.CredentialingNoticeRaisedV1 };
  const event = { type: e.type, data: e.data } as CredentialingEvent;
  switch (event.type) {
    case 'FileStarted': {
      const d = event.data;
      const out: credentialing.CredentialingFileStartedV1 = { providerId: d.providerId, cycleId: d.cycleId, cycle: d.cycle, startedOn: d.startedAt.slice(0, 10), startedBy: d.startedBy };
      return { type: credentialing.CREDENTIALING_FILE_STARTED_V1, data: out };
    }
    case 'FileStatusChanged': {
      const d = event.data;
      const out: credentialing.CredentialingStatusChangedV1 = { providerId: d.providerId, cycleId: d.cycleId, from: d.from, to: d.to, changedAt: d.at, changedBy: d.by };
      return { type: credentialing.CREDENTIALING_STATUS_CHANGED_V1, data: out };
    }
    case 'CredentialAdded':
    case 'CredentialUpdated': {
      const d = event.data;
      const out: credentialing.CredentialRecordedV1 = {
        providerId: d.providerId,
        cycleId: d.cycleId,
        credentialId: d.credentialId,
        kind: d.credential.kind,
        change: event.type === 'CredentialAdded' ? 'added' : 'updated',
        issuedOn: 'issuedOn' in d.credential ? d.credential.issuedOn : d.credential.startedOn,
        expiresOn: expiresOn(d.credential),
        at: d.at,
      };
      return { type: credentialing.CREDENTIAL_RECORDED_V1, data: out };
    }
    case 'VerificationRecorded': {
      const d = event.data;
      const out: credentialing.CredentialVerifiedV1 = {
        providerId: d.providerId,
        cycleId: d.cycleId,
        verificationId: d.verificationId,
        credentialId: d.credentialId,
        source: d.source,
        method: d.method,
        result: d.result,
        verifiedOn: d.verifiedOn,
      };
      return { type: credentialing.CREDENTIAL_VERIFIED_V1, data: out };
    }
    case 'ExclusionScreened': {
      // The matched rows, the note and the evidence stay inside.
      const d = event.data;
      const out: credentialing.ExclusionScreenedV1 = {
        providerId: d.providerId,
        cycleId: d.cycleId,
        verificationId: d.verificationId,
        result: d.result,
        finding: d.finding,
        screenedOn: d.verifiedOn,
      };
      return { type: credentialing.EXCLUSION_SCREENED_V1, data: out };
    }
    case 'ExclusionMatchResolved': {
      const d = event.data;
      const out: credentialing.ExclusionMatchResolvedV1 = {
        providerId: d.providerId,
        cycleId: d.cycleId,
        matchId: d.matchId,
        kind: d.kind,
        status: d.status,
        exclusion: d.exclusion,
        resolvedAt: d.at,
        resolvedBy: d.by,
      };
      return { type: credentialing.EXCLUSION_MATCH_RESOLVED_V1, data: out };
    }
    case 'FileDecided': {
      const d = event.data;
      const out: credentialing.CredentialingDecidedV1 = { providerId: d.providerId, cycleId: d.cycleId, decision: d.decision, decidedOn: d.decidedOn, recredentialingDueOn: d.recredentialingDueOn, appeal: d.appeal === true };
      return { type: credentialing.CREDENTIALING_DECIDED_V1, data: out };
    }
    default:
      // The removal of a credential, the application's answers, the attestation, the appeal's statement and the correction requests stay inside.
      // The removal of a credential, the application's answers, the attestation and the steps of a clearance (notes, evidence) stay inside.
      return null;
  }
};
