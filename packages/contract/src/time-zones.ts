// The time zone a US institution most likely keeps, from its state: the
// default for its people's digests and reminders until they choose their own.
// States split across zones take the zone most of their people live in.
const byState: Record<string, string> = {
  alabama: 'America/Chicago', alaska: 'America/Anchorage', arizona: 'America/Phoenix', arkansas: 'America/Chicago',
  california: 'America/Los_Angeles', colorado: 'America/Denver', connecticut: 'America/New_York', delaware: 'America/New_York',
  'district of columbia': 'America/New_York', florida: 'America/New_York', georgia: 'America/New_York', hawaii: 'Pacific/Honolulu',
  idaho: 'America/Boise', illinois: 'America/Chicago', indiana: 'America/Indiana/Indianapolis', iowa: 'America/Chicago',
  kansas: 'America/Chicago', kentucky: 'America/New_York', louisiana: 'America/Chicago', maine: 'America/New_York',
  maryland: 'America/New_York', massachusetts: 'America/New_York', michigan: 'America/Detroit', minnesota: 'America/Chicago',
  mississippi: 'America/Chicago', missouri: 'America/Chicago', montana: 'America/Denver', nebraska: 'America/Chicago',
  nevada: 'America/Los_Angeles', 'new hampshire': 'America/New_York', 'new jersey': 'America/New_York', 'new mexico': 'America/Denver',
  'new york': 'America/New_York', 'north carolina': 'America/New_York', 'north dakota': 'America/Chicago', ohio: 'America/New_York',
  oklahoma: 'America/Chicago', oregon: 'America/Los_Angeles', pennsylvania: 'America/New_York', 'rhode island': 'America/New_York',
  'south carolina': 'America/New_York', 'south dakota': 'America/Chicago', tennessee: 'America/Chicago', texas: 'America/Chicago',
  utah: 'America/Denver', vermont: 'America/New_York', virginia: 'America/New_York', washington: 'America/Los_Angeles',
  'west virginia': 'America/New_York', wisconsin: 'America/Chicago', wyoming: 'America/Denver', 'puerto rico': 'America/Puerto_Rico',
};
const abbreviations: Record<string, string> = {
  AL: 'alabama', AK: 'alaska', AZ: 'arizona', AR: 'arkansas', CA: 'california', CO: 'colorado', CT: 'connecticut', DE: 'delaware',
  DC: 'district of columbia', FL: 'florida', GA: 'georgia', HI: 'hawaii', ID: 'idaho', IL: 'illinois', IN: 'indiana', IA: 'iowa',
  KS: 'kansas', KY: 'kentucky', LA: 'louisiana', ME: 'maine', MD: 'maryland', MA: 'massachusetts', MI: 'michigan', MN: 'minnesota',
  MS: 'mississippi', MO: 'missouri', MT: 'montana', NE: 'nebraska', NV: 'nevada', NH: 'new hampshire', NJ: 'new jersey',
  NM: 'new mexico', NY: 'new york', NC: 'north carolina', ND: 'north dakota', OH: 'ohio', OK: 'oklahoma', OR: 'oregon',
  PA: 'pennsylvania', RI: 'rhode island', SC: 'south carolina', SD: 'south dakota', TN: 'tennessee', TX: 'texas', UT: 'utah',
  VT: 'vermont', VA: 'virginia', WA: 'washington', WV: 'west virginia', WI: 'wisconsin', WY: 'wyoming', PR: 'puerto rico',
};

export const fallbackTimeZone = 'America/New_York';

/** "Ohio" or "OH" → America/New_York; anything unknown → America/New_York. */
export function timeZoneForState(state: string | null | undefined): string {
  if (!state) return fallbackTimeZone;
  const name = abbreviations[state.trim().toUpperCase()] ?? state.trim().toLowerCase();
  return byState[name] ?? fallbackTimeZone;
}
