// Chart colours: each at least 3:1 against white (WCAG 1.4.11), and told
// apart by more than hue where it matters (every chart has a table too).
export const chartColors = [
  '#1e40af',
  '#047857',
  '#b45309',
  '#7c3aed',
  '#be123c',
  '#0e7490',
  '#4d7c0f',
] as const;
export const otherColor = '#475569';
