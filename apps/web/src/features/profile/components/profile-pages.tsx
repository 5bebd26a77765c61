// My profile (with Edit Profile) and another researcher's profile; the setup
// step after a first sign-in is setup-page.tsx. Edit Profile's form loads
// when someone reaches for the button (or the dialog opens), not with the
// page (decision 051).
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Pencil } from 'lucide-react';
import type { Profile } from '@grantbridge/contract/profile';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { LoadingState } from '../../../components/ui/loading-state';
import { isApiError } from '../../../lib/api-client';
import { onIntent } from '../../../lib/load-on-intent';
import { queryKeys } from '../../../lib/query-keys';
import { profileKey, useProfile, useResearcherProfile } from '../hooks/use-profile';
import { ProfileView } from './profile-view';

const profileForm = onIntent(() => import('./profile-form'));
const ProfileForm = lazy(async () => ({ default: (await profileForm.load()).ProfileForm }));

export function Problem({ children }: { children: ReactNode }) {
  return (
    <Card className="mx-auto max-w-xl p-6 text-center">
      <p className="text-slate-800">{children}</p>
    </Card>
  );
}

/** Keeps the signed-in user (name, title, setup state) in step with a saved profile. */
export function useProfileSaved() {
  const queryClient = useQueryClient();
  return (profile: Profile) => {
    queryClient.setQueryData(profileKey, profile);
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  };
}

/** `after` (the app layer's: Current and Pending Support) follows the profile once it has loaded, never below its loading state. */
export function MyProfilePage({ after }: { after?: ReactNode } = {}) {
  const profile = useProfile();
  // ?edit=1 (advice elsewhere to complete the profile) opens the editor at once.
  const [editing, setEditing] = useState(useSearchParams()[0].get('edit') === '1');
  const saved = useProfileSaved();
  if (profile.isPending) return <LoadingState label="Loading your profile…" className="min-h-96" />;
  if (profile.isError) return <Problem>Your profile could not be loaded. Reload the page to try again.</Problem>;
  return (
    <>
      <ProfileView
        profile={profile.data}
        editable
        actions={
          <Button
            onClick={() => setEditing(true)}
            onPointerEnter={() => void profileForm.load()}
            onFocus={() => void profileForm.load()}
          >
            <Pencil className="size-4" aria-hidden="true" />
            Edit Profile
          </Button>
        }
      />
      {after}
      <Dialog open={editing} onOpenChange={setEditing} title="Edit profile" className="max-w-2xl">
        <Suspense fallback={<LoadingState label="Loading the form…" className="min-h-48" />}>
          <ProfileForm
            profile={profile.data}
            mode="edit"
            onCancel={() => setEditing(false)}
            onSaved={(next) => {
              saved(next);
              setEditing(false);
              toast.success('Profile saved');
            }}
          />
        </Suspense>
      </Dialog>
    </>
  );
}

export function ResearcherPage({ id, actions }: { id: string; actions?: (profile: Profile) => ReactNode }) {
  const profile = useResearcherProfile(id);
  if (profile.isPending) return <LoadingState label="Loading the profile…" className="min-h-96" />;
  if (profile.isError) {
    return (
      <Problem>
        {isApiError(profile.error, 'not_found')
          ? 'This researcher was not found.'
          : 'The profile could not be loaded. Reload the page to try again.'}
      </Problem>
    );
  }
  return <ProfileView profile={profile.data} editable={false} actions={actions?.(profile.data)} />;
}
