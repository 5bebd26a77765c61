// My profile (with Edit Profile), the setup step after a first sign-in, and
// another researcher's profile.
import { useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Pencil } from 'lucide-react';
import type { Profile } from '@grantbridge/contract/profile';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { LoadingState } from '../../../components/ui/loading-state';
import { isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { profileKey, useProfile, useResearcherProfile } from '../hooks/use-profile';
import { ProfileForm } from './profile-form';
import { ProfileView } from './profile-view';
import { PublicationsImport } from './publications-import';

function Problem({ children }: { children: ReactNode }) {
  return (
    <Card className="mx-auto max-w-xl p-6 text-center">
      <p className="text-slate-800">{children}</p>
    </Card>
  );
}

/** Keeps the signed-in user (name, title, setup state) in step with a saved profile. */
function useProfileSaved() {
  const queryClient = useQueryClient();
  return (profile: Profile) => {
    queryClient.setQueryData(profileKey, profile);
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  };
}

export function MyProfilePage() {
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
          <Button onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit Profile
          </Button>
        }
      />
      <Dialog open={editing} onOpenChange={setEditing} title="Edit profile" className="max-w-2xl">
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
      </Dialog>
    </>
  );
}

export function SetupPage({ homePath }: { homePath: string }) {
  const profile = useProfile();
  const navigate = useNavigate();
  const saved = useProfileSaved();
  if (profile.isPending) return <LoadingState label="Loading your profile…" className="min-h-96" />;
  if (profile.isError) return <Problem>Your profile could not be loaded. Reload the page to try again.</Problem>;
  return (
    <div className="mx-auto max-w-2xl">
      <Card className="p-6 sm:p-8">
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">Set up your research profile</h2>
        <p className="mt-2 text-slate-700">
          Four things and you are done. Your research areas decide which grants are suggested to you
          and which researchers at other institutions you are matched with. Publications, education
          and projects can be added on your profile afterwards.
        </p>
        <div className="mt-6">
          <ProfileForm
            profile={profile.data}
            mode="setup"
            onSaved={(next) => {
              saved(next);
              toast.success('Your profile is set up');
              void navigate(homePath, { replace: true });
            }}
          />
        </div>
        <section className="mt-8 border-t border-slate-200 pt-6" aria-labelledby="setup-publications">
          <h3 id="setup-publications" className="text-base font-semibold text-slate-900">
            Your publications (optional)
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            Import them now from a reference manager&rsquo;s BibTeX or RIS export, or from ORCID.
            They help collaborators find you.
          </p>
          <PublicationsImport />
        </section>
      </Card>
    </div>
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
