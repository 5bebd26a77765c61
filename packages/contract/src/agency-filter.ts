// The agency filter as the search URL and the assistant's filters hold it: one
// agency, or several as a comma list ("NIH,NSF": a grant of any of them). Apart
// from agencies.ts so that a page that only shows the filter does not load the
// table of agencies (the search page is near its script budget, decision 051).

/** An agency filter that names several agencies ("NIH,NSF": a grant of any of them), as its list. */
export function agencyList(agency: string): string[] {
  return agency
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

/** How an agency filter reads in a sentence or a chip: "NIH or NSF". */
export function agencyPhrase(agency: string): string {
  return agencyList(agency).join(' or ');
}
