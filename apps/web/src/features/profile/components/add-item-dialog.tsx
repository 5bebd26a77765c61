// Adds a publication, a degree or a project to one's own profile (a small
// form; profile-items.tsx loads it when the dialog first opens, decision 051).
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { addEducation, addProject, addPublication } from '../api/profile-api';
import { profileKey } from '../hooks/use-profile';
import { specs, type Kind } from './profile-items';

const adders: Record<Kind, (body: never) => Promise<unknown>> = {
  publications: addPublication as never,
  education: addEducation as never,
  projects: addProject as never,
};
export function AddItemDialog({ kind, open, onOpenChange }: { kind: Kind; open: boolean; onOpenChange: (open: boolean) => void }) {
  const spec = specs[kind];
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Record<string, string>>();
  const onSubmit = handleSubmit(async (values) => {
    const missing = spec.fields.filter((f) => f.required && !values[f.name]?.trim());
    if (missing.length) {
      missing.forEach((f, i) => setError(f.name, { message: `${f.label} is required` }, { shouldFocus: i === 0 }));
      return;
    }
    const body = Object.fromEntries(
      spec.fields.map((f) => {
        const raw = values[f.name]?.trim() ?? '';
        return [f.name, f.type === 'number' ? (raw ? Number(raw) : null) : raw || null];
      }),
    );
    try {
      await adders[kind](body as never);
      await queryClient.invalidateQueries({ queryKey: profileKey });
      toast.success(`Added the ${spec.noun}`);
      reset();
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error, 'validation_failed')) {
        error.errors.forEach((e, i) => setError(e.path, { message: e.message }, { shouldFocus: i === 0 }));
      } else toast.error('It could not be saved. Please try again.');
    }
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Add a ${spec.noun}`}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {spec.fields.map((f) => (
          <Field key={f.name} id={`add-${kind}-${f.name}`} label={f.label} required={f.required} optional={!f.required} error={errors[f.name]?.message}>
            {(aria) =>
              f.type === 'textarea' ? (
                <Textarea rows={3} {...aria} {...register(f.name)} />
              ) : (
                <Input inputMode={f.type === 'number' ? 'numeric' : undefined} {...aria} {...register(f.name)} />
              )
            }
          </Field>
        ))}
        <DialogActions>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Adding…' : 'Add'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
