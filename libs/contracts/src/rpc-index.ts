import * as credentialing from './credentialing';
import * as directory from './directory';
import { healthRpc } from './health';
import * as identity from './identity';
import * as messaging from './messaging';
import * as notifications from './notifications';
import * as practices from './practices';
import type { RpcContract } from './rpc-contract';
import { BOUNDED_CONTEXTS } from './subjects';

/**
 * Every RPC of the domain services, one contract each (`defineRpc`): the subject, the request
 * schema and the reply schema. A service's `@Rpc(contract)` handler and every caller's
 * `requester.call(contract, data)` take them from here; `rpc-index.spec.ts` keeps the subjects unique.
 */
export const RPC_CONTRACTS: readonly RpcContract[] = [
  ...Object.values(identity.IDENTITY_RPC),
  ...Object.values(identity.COMMITTEE_ROLES_RPC),
  ...Object.values(directory.PROFILES_RPC),
  ...Object.values(directory.FACILITIES_RPC),
  ...Object.values(directory.REGISTRY_RPC),
  ...Object.values(directory.FHIR_RPC),
  ...Object.values(directory.DIRECTORY_EXPORT_RPC),
  ...Object.values(practices.PRACTICES_RPC),
  ...Object.values(practices.PRACTICES_EXPORT_RPC),
  ...Object.values(messaging.MESSAGING_RPC),
  ...Object.values(notifications.NOTIFICATIONS_RPC),
  ...Object.values(credentialing.CREDENTIALING_RPC),
  ...Object.values(credentialing.MONITORING_RPC),
  ...Object.values(credentialing.NPPES_RESOLUTION_RPC),
  ...Object.values(credentialing.NOTICE_RPC),
  ...Object.values(credentialing.COMMITTEE_RPC),
  ...Object.values(credentialing.PACKET_RPC),
  ...Object.values(credentialing.CREDENTIALING_EXPORT_RPC),
  ...Object.values(credentialing.REPORTS_RPC),
  ...Object.values(credentialing.AUDIT_RPC),
  ...BOUNDED_CONTEXTS.map(healthRpc),
];

/** The contract of a subject's name within a context (undefined: no such RPC). */
export function rpcContract(context: string, kind: string, name: string): RpcContract | undefined {
  return RPC_CONTRACTS.find((c) => c.context === context && c.kind === kind && c.name === name);
}
