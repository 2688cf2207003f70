import { credentialing } from '@app/contracts';

/** 'SMITH, JOHN A' or the business name. */
export function exclusionName(r: credentialing.ExclusionRow): string {
  return r.busName ?? [r.lastName, [r.firstName, r.midName].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/** yyyy-mm-dd as the product shows dates (mm/dd/yyyy). */
export function mdy(day: string | null): string {
  return day ? `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}` : '';
}

/** A list's name as people call it ('SAM.gov exclusions'); the id when unknown. */
export function sourceName(id: string): string {
  return credentialing.SANCTION_SOURCES.find((s) => s.id === id)?.name ?? id;
}
