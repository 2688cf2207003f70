import type { credentialing } from '@app/contracts';
import { NotFound } from '@app/errors';
import type { ExclusionMatches } from '../resolve-match/exclusion-matches';

/** The match a clearance is about, or 404. */
export async function matchOf(matches: ExclusionMatches, providerId: string, matchId: string): Promise<credentialing.ExclusionMatchView> {
  const match = await matches.one(providerId, matchId);
  if (!match) throw new NotFound('No such exclusion match for this provider');
  return match;
}
