// The parts of citation-js (no types of its own) that publications-import.ts uses.
declare module '@citation-js/core' {
  export type CslName = { given?: string; family?: string; literal?: string };
  export type CslItem = {
    type?: string;
    title?: string;
    'container-title'?: string;
    publisher?: string;
    issued?: { 'date-parts'?: (number | string)[][]; literal?: string };
    author?: CslName[];
    DOI?: string;
  };
  export class Cite {
    constructor(data: string);
    data: CslItem[];
  }
  export const plugins: { input: { type(data: unknown): string } };
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
