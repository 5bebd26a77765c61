// Grants.gov code tables (public domain; see data/SOURCES.md): codes in the
// extract → the labels people read.

export const eligibleApplicantLabels: Record<string, string> = {
  "00": "State governments",
  "01": "County governments",
  "02": "City or township governments",
  "04": "Special district governments",
  "05": "Independent school districts",
  "06": "Public and State controlled institutions of higher education",
  "07": "Native American tribal governments (Federally recognized)",
  "08": "Public housing authorities/Indian housing authorities",
  "11": "Native American tribal organizations (other than Federally recognized tribal governments)",
  "12": "Nonprofits having a 501(c)(3) status with the IRS, other than institutions of higher education",
  "13": "Nonprofits that do not have a 501(c)(3) status with the IRS, other than institutions of higher education",
  "20": "Private institutions of higher education",
  "21": "Individuals",
  "22": "For profit organizations other than small businesses",
  "23": "Small businesses",
  "25": "Others (see text field entitled \"Additional Information on Eligibility\" for clarification)",
  "99": "Unrestricted (i.e., open to any type of entity above), subject to any clarification in text field entitled \"Additional Information on Eligibility\"",
};

export const fundingCategoryLabels: Record<string, string> = {
  "ACA": "Affordable Care Act",
  "AG": "Agriculture",
  "AR": "Arts (see \"Cultural Affairs\" in CFDA)",
  "BC": "Business and Commerce",
  "CD": "Community Development",
  "CP": "Consumer Protection",
  "DPR": "Disaster Prevention and Relief",
  "ED": "Education",
  "EIC": "Energy Infrastructure and Critical Mineral and Materials (EICMM)",
  "ELT": "Employment, Labor and Training",
  "EN": "Energy",
  "ENV": "Environment",
  "FN": "Food and Nutrition",
  "HL": "Health",
  "HO": "Housing",
  "HU": "Humanities (see \"Cultural Affairs\" in CFDA)",
  "IIJ": "Infrastructure Investment and Jobs Act (IIJA)",
  "IS": "Information and Statistics",
  "ISS": "Income Security and Social Services",
  "LJL": "Law, Justice and Legal Services",
  "NR": "Natural Resources",
  "O": "Other (see text field entitled \"Explanation of Other Category of Funding Activity\" for clarification)",
  "OZ": "Opportunity Zone Benefits",
  "RA": "Recovery Act",
  "RD": "Regional Development",
  "RT": "Recreation and Tourism",
  "ST": "Science and Technology and other Research and Development",
  "T": "Transportation",
};

export const fundingInstrumentLabels: Record<string, string> = {
  "CA": "Cooperative Agreement",
  "G": "Grant",
  "O": "Other",
  "PC": "Procurement Contract",
};

export const opportunityCategoryLabels: Record<string, string> = {
  "D": "Discretionary",
  "M": "Mandatory",
  "C": "Continuation",
  "E": "Earmark",
  "O": "Other",
};
