/**
 * The kitchen sink grid's rows: 1,000 generated providers, the same on every load (a seeded
 * generator); visit dates count back from the given day so 'In the last N days' finds rows.
 */

export type DemoProvider = {
  id: string;
  firstName: string;
  lastName: string;
  npi: string;
  specialty: string;
  status: 'Active' | 'Inactive' | 'Pending';
  address: { city: string; state: string };
  patients: number;
  rating: number;
  licensedOn: string;
  lastVisit: string;
};

export const DEMO_ROW_COUNT = 1000;

const FIRST_NAMES = ['José', 'Zoë', 'Amelia', 'Noah', 'Chloé', 'Liam', 'Ava', 'Mateo', 'Sofía', 'Ethan', 'Björn', 'Maya', 'Omar', 'Léa', 'Lucas', 'Grace', 'Hiroshi', 'Nora', 'Ángel', 'Priya'];
const LAST_NAMES = [
  'Johnson', 'Peña', 'Müller', "O'Brien", 'Anderson', 'Nguyen', 'García', 'Wilson', 'Smith', 'Dubois',
  'Patel', 'Robinson', 'Kowalski', 'Thompson', 'Núñez', 'Carlson', 'Lee', 'Jackson', 'Fernández', 'Harrison',
  'Brown', 'Martínez', 'Davidson', 'Clark', 'Søren',
];
const SPECIALTIES = ['Cardiology', 'Dermatology', 'Family Medicine', 'Pediatrics', 'Orthopedics', 'Neurology', 'Oncology', 'Psychiatry', 'Radiology', 'Urology'];
const CITIES: ReadonlyArray<[string, string]> = [
  ['Houston', 'TX'], ['Austin', 'TX'], ['San Antonio', 'TX'], ['Dallas', 'TX'], ['Phoenix', 'AZ'],
  ['Denver', 'CO'], ['Seattle', 'WA'], ['Boston', 'MA'], ['Chicago', 'IL'], ['Miami', 'FL'],
  ['Atlanta', 'GA'], ['Portland', 'OR'], ['Nashville', 'TN'], ['San José', 'CA'], ['Albuquerque', 'NM'],
];
const STATUSES: ReadonlyArray<DemoProvider['status']> = ['Active', 'Active', 'Active', 'Inactive', 'Pending'];

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The demo rows; `today` (yyyy-mm-dd, default today in UTC) anchors the visit dates. */
export function demoProviders(today: string = isoDay(new Date()), count: number = DEMO_ROW_COUNT): DemoProvider[] {
  const random = seeded(9);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const base = Date.parse(`${today}T00:00:00Z`);
  const licensedFrom = Date.UTC(2005, 0, 1);
  const licensedSpan = Date.UTC(2026, 0, 1) - licensedFrom;
  const rows: DemoProvider[] = [];
  for (let index = 0; index < count; index++) {
    const [city, state] = pick(CITIES);
    rows.push({
      id: `prv-${String(index + 1).padStart(4, '0')}`,
      firstName: pick(FIRST_NAMES),
      lastName: pick(LAST_NAMES),
      npi: String(1_000_000_000 + Math.floor(random() * 900_000_000)),
      specialty: pick(SPECIALTIES),
      status: pick(STATUSES),
      address: { city, state },
      patients: Math.floor(random() * 2500),
      rating: Math.round((1 + random() * 4) * 10) / 10,
      licensedOn: isoDay(new Date(licensedFrom + Math.floor(random() * licensedSpan / 86_400_000) * 86_400_000)),
      lastVisit: isoDay(new Date(base - Math.floor(random() * 400) * 86_400_000)),
    });
  }
  return rows;
}
