// The profile's own fields, for the setup step (the four it needs) and Edit
// Profile (all of them). The server checks every field again and names any it
// refuses; those errors land on their fields here.
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { z } from 'zod';
import type { Profile } from '@grantbridge/contract/profile';
import { personNameSchema } from '@grantbridge/contract/people';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { updateProfile } from '../api/profile-api';
import { AreasEditor } from './areas-editor';

const optional = (label: string, max: number) => z.string().trim().max(max, `${label} is too long (at most ${max} characters)`);

const formSchema = z.object({
  name: personNameSchema,
  title: optional('Title', 200),
  department: optional('Department', 200),
  phone: optional('Phone', 50),
  office: optional('Office', 200),
  location: optional('Location', 200),
  about: optional('About', 5000),
  researchSummary: optional('Research summary', 5000),
  researchAreas: z.array(z.string()).max(30, 'At most 30 research areas'),
  expertise: z.array(z.string()).max(50, 'At most 50 keywords'),
});
type FormValues = z.infer<typeof formSchema>;

const setupSchema = formSchema.extend({
  title: z.string().trim().min(1, 'Your title is required').max(200),
  department: z.string().trim().min(1, 'Your department is required').max(200),
  researchAreas: z.array(z.string()).min(1, 'Add at least one research area').max(30),
});

type ProfileFormProps = {
  profile: Profile;
  mode: 'setup' | 'edit';
  onSaved: (profile: Profile) => void;
  onCancel?: () => void;
};

const fieldNames = [
  'name',
  'title',
  'department',
  'phone',
  'office',
  'location',
  'about',
  'researchSummary',
  'researchAreas',
  'expertise',
] as const;

export function ProfileForm({ profile, mode, onSaved, onCancel }: ProfileFormProps) {
  const full = mode === 'edit';
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(full ? formSchema : setupSchema),
    defaultValues: {
      name: profile.name,
      title: profile.title ?? '',
      department: profile.department ?? '',
      phone: profile.phone ?? '',
      office: profile.office ?? '',
      location: profile.location ?? '',
      about: profile.about ?? '',
      researchSummary: profile.researchSummary ?? '',
      researchAreas: profile.researchAreas,
      expertise: profile.expertise,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const body = full
      ? values
      : { name: values.name, title: values.title, department: values.department, researchAreas: values.researchAreas };
    try {
      onSaved(await updateProfile(body));
    } catch (error) {
      if (isApiError(error, 'validation_failed')) {
        error.errors.forEach((item, index) => {
          const name = fieldNames.find((f) => item.path === f || item.path.startsWith(`${f}.`));
          if (name) setError(name, { type: 'server', message: item.message }, { shouldFocus: index === 0 });
        });
      } else {
        console.error('Saving the profile failed', error);
        toast.error('Your profile could not be saved. Please try again.');
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={full ? 'Edit profile' : 'Set up your profile'}>
      <Field id="profile-name" label="Name" required error={errors.name?.message}>
        {(aria) => <Input autoComplete="name" {...aria} {...register('name')} />}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="profile-title" label="Title" required={!full} hint={full ? undefined : 'For example, Associate Professor'} error={errors.title?.message}>
          {(aria) => <Input autoComplete="organization-title" {...aria} {...register('title')} />}
        </Field>
        <Field id="profile-department" label="Department" required={!full} error={errors.department?.message}>
          {(aria) => <Input {...aria} {...register('department')} />}
        </Field>
      </div>
      {full ? (
        <div className="grid gap-5 sm:grid-cols-3">
          <Field id="profile-location" label="Location" optional error={errors.location?.message}>
            {(aria) => <Input {...aria} {...register('location')} />}
          </Field>
          <Field id="profile-office" label="Office" optional error={errors.office?.message}>
            {(aria) => <Input {...aria} {...register('office')} />}
          </Field>
          <Field id="profile-phone" label="Phone" optional error={errors.phone?.message}>
            {(aria) => <Input type="tel" autoComplete="tel" {...aria} {...register('phone')} />}
          </Field>
        </div>
      ) : null}
      <Field
        id="profile-areas"
        label="Research areas"
        required={!full}
        hint="They decide which grants and collaborators match you."
        error={errors.researchAreas?.message}
      >
        {(aria) => (
          <Controller
            control={control}
            name="researchAreas"
            render={({ field }) => (
              <AreasEditor {...aria} noun="research area" value={field.value} onChange={field.onChange} />
            )}
          />
        )}
      </Field>
      {full ? (
        <>
          <Field id="profile-expertise" label="Expertise keywords" optional error={errors.expertise?.message}>
            {(aria) => (
              <Controller
                control={control}
                name="expertise"
                render={({ field }) => (
                  <AreasEditor {...aria} noun="keyword" suggestions={[]} value={field.value} onChange={field.onChange} />
                )}
              />
            )}
          </Field>
          <Field id="profile-about" label="About" optional error={errors.about?.message}>
            {(aria) => <Textarea rows={4} {...aria} {...register('about')} />}
          </Field>
          <Field id="profile-summary" label="Research summary" optional error={errors.researchSummary?.message}>
            {(aria) => <Textarea rows={4} {...aria} {...register('researchSummary')} />}
          </Field>
        </>
      ) : null}
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : full ? 'Save profile' : 'Save and continue'}
        </Button>
      </div>
    </form>
  );
}
