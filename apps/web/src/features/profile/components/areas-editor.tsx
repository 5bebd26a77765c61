// Research areas as removable chips, added from the product's vocabulary (the
// same names grants are tagged with, so they match) or typed freely.
import { useState } from 'react';
import { Plus, X } from 'lucide-react';
import { researchAreas } from '@grantbridge/contract/research-areas';
import { Button } from '../../../components/ui/button';
import { Combobox } from '../../../components/ui/combobox';

type AreasEditorProps = {
  id: string;
  value: string[];
  onChange: (areas: string[]) => void;
  /** What an entry is called, e.g. "research area" or "expertise keyword". */
  noun: string;
  /** Suggestions; none for free keywords. */
  suggestions?: readonly string[];
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

export function AreasEditor({ id, value, onChange, noun, suggestions = researchAreas, ...aria }: AreasEditorProps) {
  const [text, setText] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const typed = text.trim().toLowerCase();
  const items = typed
    ? suggestions.filter((a) => a.toLowerCase().includes(typed) && !value.includes(a)).slice(0, 8)
    : [];

  const add = (area: string) => {
    const clean = area.trim();
    if (!clean) return;
    if (!value.some((v) => v.toLowerCase() === clean.toLowerCase())) onChange([...value, clean]);
    setAnnouncement(`Added ${clean}`);
    setText('');
  };
  const remove = (area: string) => {
    onChange(value.filter((v) => v !== area));
    setAnnouncement(`Removed ${area}`);
  };

  return (
    <div>
      {value.length > 0 ? (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={`Your ${noun}s`}>
          {value.map((area) => (
            <li key={area} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-900 ring-1 ring-inset ring-brand-200">
              {area}
              <button
                type="button"
                onClick={() => remove(area)}
                className="inline-flex size-6 items-center justify-center rounded-full hover:bg-brand-100"
                aria-label={`Remove ${area}`}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div
        className="flex gap-2"
        onKeyDown={(event) => {
          // Enter that chose no suggestion (the list handles its own) adds what is typed.
          if (event.key === 'Enter' && !event.defaultPrevented) {
            event.preventDefault();
            add(text);
          }
        }}
      >
        <div className="min-w-0 flex-1">
        <Combobox
          id={id}
          value={text}
          onChange={setText}
          items={items}
          itemValue={(a) => a}
          itemKey={(a) => a}
          renderItem={(a) => a}
          placeholder={`Type a ${noun}`}
          maxLength={120}
          onPick={add}
          {...aria}
        />
        </div>
        <Button type="button" variant="secondary" onClick={() => add(text)} disabled={!typed}>
          <Plus className="size-4" aria-hidden="true" />
          Add
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
