// Federal agencies a researcher names in a query, by acronym or name, and the
// Grants.gov agency-code prefixes they stand for.
export type AgencyAlias = { acronym: string; name: string; codePrefixes: string[]; aliases: string[] };

export const agencyAliases: AgencyAlias[] = [
  { acronym: 'NSF', name: 'National Science Foundation', codePrefixes: ['NSF'], aliases: ['national science foundation'] },
  { acronym: 'NIH', name: 'National Institutes of Health', codePrefixes: ['HHS-NIH'], aliases: ['national institutes of health', 'national institute of health'] },
  { acronym: 'CDC', name: 'Centers for Disease Control and Prevention', codePrefixes: ['HHS-CDC'], aliases: ['centers for disease control', 'disease control'] },
  { acronym: 'HHS', name: 'Department of Health and Human Services', codePrefixes: ['HHS'], aliases: ['health and human services'] },
  { acronym: 'HRSA', name: 'Health Resources and Services Administration', codePrefixes: ['HHS-HRSA'], aliases: ['health resources and services'] },
  { acronym: 'FDA', name: 'Food and Drug Administration', codePrefixes: ['HHS-FDA'], aliases: ['food and drug administration'] },
  { acronym: 'SAMHSA', name: 'Substance Abuse and Mental Health Services Administration', codePrefixes: ['HHS-SAMHS'], aliases: ['substance abuse and mental health'] },
  { acronym: 'AHRQ', name: 'Agency for Healthcare Research and Quality', codePrefixes: ['HHS-AHRQ'], aliases: ['healthcare research and quality'] },
  { acronym: 'CMS', name: 'Centers for Medicare & Medicaid Services', codePrefixes: ['HHS-CMS'], aliases: ['centers for medicare', 'medicare and medicaid services'] },
  { acronym: 'ACF', name: 'Administration for Children and Families', codePrefixes: ['HHS-ACF'], aliases: ['administration for children and families'] },
  { acronym: 'IHS', name: 'Indian Health Service', codePrefixes: ['HHS-IHS'], aliases: ['indian health service'] },
  { acronym: 'DOE', name: 'Department of Energy', codePrefixes: ['DOE', 'PAMS'], aliases: ['department of energy', 'energy department'] },
  { acronym: 'NASA', name: 'National Aeronautics and Space Administration', codePrefixes: ['NASA'], aliases: ['national aeronautics and space'] },
  { acronym: 'USDA', name: 'Department of Agriculture', codePrefixes: ['USDA'], aliases: ['department of agriculture'] },
  { acronym: 'NIFA', name: 'National Institute of Food and Agriculture', codePrefixes: ['USDA-NIFA'], aliases: ['national institute of food and agriculture'] },
  { acronym: 'EPA', name: 'Environmental Protection Agency', codePrefixes: ['EPA'], aliases: ['environmental protection agency'] },
  { acronym: 'NOAA', name: 'National Oceanic and Atmospheric Administration', codePrefixes: ['DOC-NOAA'], aliases: ['national oceanic and atmospheric'] },
  { acronym: 'NIST', name: 'National Institute of Standards and Technology', codePrefixes: ['DOC-NIST'], aliases: ['national institute of standards'] },
  { acronym: 'DOC', name: 'Department of Commerce', codePrefixes: ['DOC'], aliases: ['department of commerce'] },
  { acronym: 'DOD', name: 'Department of Defense', codePrefixes: ['DOD'], aliases: ['department of defense', 'defense department'] },
  { acronym: 'ARMY', name: 'Department of the Army', codePrefixes: ['DOD-AMC', 'DOD-AMRAA', 'DOD-COE'], aliases: ['army', 'department of the army', 'dept of the army'] },
  { acronym: 'NAVY', name: 'Department of the Navy', codePrefixes: ['DOD-ONR'], aliases: ['navy', 'department of the navy', 'naval'] },
  { acronym: 'DARPA', name: 'Defense Advanced Research Projects Agency', codePrefixes: ['DOD-DARPA'], aliases: ['defense advanced research projects'] },
  { acronym: 'ONR', name: 'Office of Naval Research', codePrefixes: ['DOD-ONR'], aliases: ['office of naval research', 'naval research'] },
  { acronym: 'AFRL', name: 'Air Force Research Laboratory', codePrefixes: ['DOD-AFRL'], aliases: ['air force research'] },
  { acronym: 'USAF', name: 'Department of the Air Force', codePrefixes: ['DOD-AFRL', 'DOD-AFOSR', 'DOD-USAFA'], aliases: ['air force', 'department of the air force'] },
  { acronym: 'DOI', name: 'Department of the Interior', codePrefixes: ['DOI'], aliases: ['department of the interior', 'interior department'] },
  { acronym: 'USGS', name: 'U.S. Geological Survey', codePrefixes: ['DOI-USGS'], aliases: ['geological survey'] },
  { acronym: 'NPS', name: 'National Park Service', codePrefixes: ['DOI-NPS'], aliases: ['national park service'] },
  { acronym: 'FWS', name: 'Fish and Wildlife Service', codePrefixes: ['DOI-FWS'], aliases: ['fish and wildlife service'] },
  { acronym: 'BLM', name: 'Bureau of Land Management', codePrefixes: ['DOI-BLM'], aliases: ['bureau of land management'] },
  { acronym: 'NEH', name: 'National Endowment for the Humanities', codePrefixes: ['NEH'], aliases: ['endowment for the humanities'] },
  { acronym: 'NEA', name: 'National Endowment for the Arts', codePrefixes: ['NEA'], aliases: ['endowment for the arts'] },
  { acronym: 'ED', name: 'Department of Education', codePrefixes: ['ED'], aliases: ['department of education', 'education department'] },
  { acronym: 'USAID', name: 'U.S. Agency for International Development', codePrefixes: ['USAID'], aliases: ['agency for international development'] },
  { acronym: 'DOJ', name: 'Department of Justice', codePrefixes: ['USDOJ'], aliases: ['department of justice'] },
  { acronym: 'DOS', name: 'Department of State', codePrefixes: ['DOS'], aliases: ['department of state', 'state department'] },
  { acronym: 'DOL', name: 'Department of Labor', codePrefixes: ['DOL'], aliases: ['department of labor'] },
  { acronym: 'HUD', name: 'Department of Housing and Urban Development', codePrefixes: ['HUD'], aliases: ['housing and urban development'] },
  { acronym: 'DHS', name: 'Department of Homeland Security', codePrefixes: ['DHS'], aliases: ['homeland security'] },
  { acronym: 'DOT', name: 'Department of Transportation', codePrefixes: ['DOT'], aliases: ['department of transportation'] },
  { acronym: 'VA', name: 'Department of Veterans Affairs', codePrefixes: ['VA'], aliases: ['veterans affairs'] },
  { acronym: 'IMLS', name: 'Institute of Museum and Library Services', codePrefixes: ['IMLS'], aliases: ['museum and library services'] },
];

/** Finds an agency by acronym or (part of) its name, case-insensitively. */
export function findAgency(text: string): AgencyAlias | undefined {
  const t = text.trim().toLowerCase();
  if (!t) return undefined;
  return (
    agencyAliases.find((a) => a.acronym.toLowerCase() === t) ??
    agencyAliases.find((a) => a.name.toLowerCase() === t || a.aliases.includes(t)) ??
    agencyAliases.find((a) => a.name.toLowerCase().includes(t) && t.length >= 4)
  );
}
