// A message's words as their chip says them: the topic quoted, and the markers
// the assistant writes into the search's words read out ("@tribes" is who may
// apply, "!nih" an agency left out, "-vaccines" a word left out), as the
// assistant's reply says them. Used by results-panel.tsx.

/** "broadband @tribes !nih -vaccines" → "“broadband”, open to tribal governments, not NIH, not “vaccines”". */
export function wordsChipLabel(words: string, whoName: (key: string) => string | undefined): string {
  const topic: string[] = [];
  const rest: string[] = [];
  for (const word of words.split(/\s+/).filter(Boolean)) {
    const body = word.slice(1);
    if (word.startsWith('@') && body) rest.push(`open to ${(whoName(body) ?? body.replace(/-/g, ' ')).toLowerCase()}`);
    else if (word.startsWith('!') && body) rest.push(`not ${body.toUpperCase()}`);
    else if (word.startsWith('-') && body) rest.push(`not “${body.replace(/_/g, ' ')}”`);
    else topic.push(word);
  }
  return [...(topic.length ? [`“${topic.join(' ')}”`] : []), ...rest].join(', ');
}
