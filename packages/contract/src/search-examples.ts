// The searches the product shows as examples (the assistant's greeting, the
// message box, the home page). Each finds grants in the shipped catalogue with
// the demo's date shift: apps/server/src/modules/search/examples.test.ts.
export const searchExamples = {
  greeting: 'mental health grants over 500k closing in the next 6 months',
  messageBox: 'wildlife conservation grants over 100k',
  homePage: 'NIH neuroscience grants over $250k closing in the next 12 months',
} as const;
