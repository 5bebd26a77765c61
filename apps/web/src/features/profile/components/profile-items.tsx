// Publications, education and current projects on one's own profile: listed,
// added through a small dialog, removed with a confirmation in the toast. The
// dialog (add-item-dialog.tsx, with the form library) loads when first opened
// (decision 051).
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Plus, Trash2 } from 'lucide-react';
import type { Education, Profile, Project, Publication } from '@grantbridge/contract/profile';
import { Button } from '../../../components/ui/button';
import { lazyDialog } from '../../../components/ui/dialog';
import { deleteEducation, deleteProject, deletePublication } from '../api/profile-api';
import { profileKey } from '../hooks/use-profile';

export type Kind = 'publications' | 'education' | 'projects';
export type FieldSpec = { name: string; label: string; required?: boolean; type?: 'number' | 'textarea' };

const AddItemDialog = lazyDialog(() => import('./add-item-dialog').then((m) => m.AddItemDialog));

export const specs: Record<Kind, { noun: string; fields: FieldSpec[] }> = {
  publications: {
    noun: 'publication',
    fields: [
      { name: 'title', label: 'Title', required: true },
      { name: 'journal', label: 'Journal or venue' },
      { name: 'year', label: 'Year', type: 'number' },
      { name: 'doi', label: 'DOI' },
    ],
  },
  education: {
    noun: 'degree',
    fields: [
      { name: 'degree', label: 'Degree', required: true },
      { name: 'institution', label: 'Institution', required: true },
      { name: 'field', label: 'Field' },
      { name: 'year', label: 'Year', type: 'number' },
    ],
  },
  projects: {
    noun: 'project',
    fields: [
      { name: 'title', label: 'Title', required: true },
      { name: 'description', label: 'Description', type: 'textarea' },
    ],
  },
};

const removers: Record<Kind, (id: string) => Promise<void>> = {
  publications: deletePublication,
  education: deleteEducation,
  projects: deleteProject,
};

function describe(kind: Kind, item: Publication | Education | Project): { title: string; detail: ReactNode } {
  if (kind === 'publications') {
    const p = item as Publication;
    return { title: p.title, detail: [p.journal, p.year, p.doi ? `doi:${p.doi}` : null].filter(Boolean).join(' · ') };
  }
  if (kind === 'education') {
    const e = item as Education;
    return { title: [e.degree, e.field].filter(Boolean).join(', '), detail: [e.institution, e.year].filter(Boolean).join(' · ') };
  }
  const p = item as Project;
  return { title: p.title, detail: p.description };
}

/** One list of the profile; `editable` on one's own profile. */
export function ProfileItems({ kind, profile, editable }: { kind: Kind; profile: Profile; editable: boolean }) {
  const [adding, setAdding] = useState(false);
  const queryClient = useQueryClient();
  const spec = specs[kind];
  const items = profile[kind] as (Publication | Education | Project)[];
  const remove = async (id: string, title: string) => {
    try {
      await removers[kind](id);
      await queryClient.invalidateQueries({ queryKey: profileKey });
      toast.success(`Removed “${title}”`);
    } catch {
      toast.error('It could not be removed. Please try again.');
    }
  };
  return (
    <div>
      {items.length === 0 ? (
        <p className="text-sm text-slate-700">
          {editable ? `No ${spec.noun}s yet. Add your first one.` : `No ${spec.noun}s listed.`}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((item) => {
            const { title, detail } = describe(kind, item);
            return (
              <li key={item.id} className="flex items-start justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{title}</p>
                  {detail ? <p className="mt-0.5 text-sm text-slate-700">{detail}</p> : null}
                </div>
                {editable ? (
                  <Button variant="ghost" size="sm" onClick={() => void remove(item.id, title)} aria-label={`Remove ${title}`}>
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {editable ? (
        <>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden="true" />
            Add {spec.noun}
          </Button>
          <AddItemDialog kind={kind} open={adding} onOpenChange={setAdding} />
        </>
      ) : null}
    </div>
  );
}
