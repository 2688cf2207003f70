import { derivePracticeName, practiceUserNameBase } from './practice-name';

describe('derived practice name (spec §5): legal suffixes and punctuation stripped, each word capitalised', () => {
  const cases: [string, string][] = [
    ['SUNRISE FAMILY MEDICINE, LLC', 'Sunrise Family Medicine'],
    ['AUSTIN REGIONAL CLINIC PA', 'Austin Regional Clinic Pa'],
    ['SMITH & JONES PEDIATRICS, P.C.', 'Smith Jones Pediatrics'],
    ['LAKESIDE ORTHOPAEDICS PLLC', 'Lakeside Orthopaedics'],
    ['NORTHWEST HEART ASSOCIATES, INC.', 'Northwest Heart Associates'],
    ['VALLEY DERMATOLOGY CORP', 'Valley Dermatology'],
    ['PINE RIDGE DENTAL GROUP LTD', 'Pine Ridge Dental Group'],
    ['BLUE SKY THERAPY LP', 'Blue Sky Therapy'],
    ['HARBOR EYE CARE LLP', 'Harbor Eye Care'],
    ['GREEN VALLEY HEALTH PARTNERS LLLP', 'Green Valley Health Partners'],
    ['COMMUNITY CARE PBC', 'Community Care'],
    ['ST. MARY\'S MEDICAL GROUP, PLC', 'St Marys Medical Group'],
    ['CHILDREN\'S HEALTH-SPECIALTY CLINIC, L.L.C.', 'Childrens Health Specialty Clinic'],
    ['mountain view urgent care inc', 'Mountain View Urgent Care'],
    ['Desert Sun Oncology, Inc', 'Desert Sun Oncology'],
    ['RIVERBEND RADIOLOGY, P.L.L.C.', 'Riverbend Radiology'],
    ['TRI-COUNTY PHYSICAL THERAPY CORP.', 'Tri County Physical Therapy'],
    ['A+ PEDIATRICS, LLC', 'A Pediatrics'],
    ['DR. ANA GOMEZ MD PC', 'Dr Ana Gomez Md'],
    ['PRINCETON (NJ) SLEEP CENTER LLC', 'Princeton Nj Sleep Center'],
    ['  EAST   SIDE   FAMILY   PRACTICE   ', 'East Side Family Practice'],
    ['MAIN STREET CLINIC LTD.', 'Main Street Clinic'],
    ['INCLINE VILLAGE MEDICAL', 'Incline Village Medical'],
    ['CORPUS CHRISTI CARDIOLOGY PLLC', 'Corpus Christi Cardiology'],
    ['LPL HEALTH SERVICES', 'Lpl Health Services'],
    ['SÃO PAULO FAMILY CLINIC LLC', 'São Paulo Family Clinic'],
  ];

  it.each(cases)('%s -> %s', (organisation, expected) => {
    expect(derivePracticeName(organisation)).toBe(expected);
  });

  it('holds at least 20 real-looking names', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
  });
});

describe('suggested practice user name base', () => {
  it('is the derived name in lower-case letters and digits, at most 17 characters', () => {
    expect(practiceUserNameBase('SUNRISE FAMILY MEDICINE, LLC')).toBe('sunrisefamilymedi');
    expect(practiceUserNameBase('A1 CARE INC')).toBe('a1care');
    expect(practiceUserNameBase('SÃO PAULO LLC')).toBe('saopaulo');
  });

  it('is at least 2 characters', () => {
    expect(practiceUserNameBase('X LLC')).toBe('xpractice');
  });
});
