/**
 * The two-letter codes of the United States Postal Service for the states, the District of
 * Columbia, the five inhabited territories and the three Armed Forces "states" of military
 * mail. A licence, a DEA registration or an address names one of these; anything else
 * (`ZZ`, a Canadian province) is refused. Shared by the web forms and the server.
 */
export const US_STATES = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  DC: 'District of Columbia',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
} as const;

/** Military mail: addresses of service members (never a licensing jurisdiction). */
export const MILITARY_STATES = {
  AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe',
  AP: 'Armed Forces Pacific',
} as const;

export type UsStateCode = keyof typeof US_STATES;
export type MilitaryStateCode = keyof typeof MILITARY_STATES;

export const US_STATE_CODES = Object.keys(US_STATES) as UsStateCode[];

export const INVALID_STATE_CODE = 'a US state, DC or territory (two-letter code)';

/**
 * A jurisdiction that licenses (states, DC, territories): `NY`, `pr` (case and spaces ignored).
 * With `{ military: true }` (a mailing address), AA, AE and AP too.
 */
export function isUsStateCode(value: unknown, opts: { military?: boolean } = {}): boolean {
  if (typeof value !== 'string') return false;
  const code = value.trim().toUpperCase();
  return Object.hasOwn(US_STATES, code) || (!!opts.military && Object.hasOwn(MILITARY_STATES, code));
}
