// The setup step after a first sign-in: the profile's four needed fields,
// then publications if the researcher wants. Its own route chunk, since it
// shows the profile form at once (decision 051).
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { Card } from '../../../components/ui/card';
import { LoadingState } from '../../../components/ui/loading-state';
import { useProfile } from '../hooks/use-profile';
import { Problem, useProfileSaved } from './profile-pages';
import { ProfileForm } from './profile-form';
import { PublicationsImport } from './publications-import';

export function SetupPage({ homePath }: { homePath: string }) {
  const profile = useProfile();
  const navigate = useNavigate();
  const saved = useProfileSaved();
  if (profile.isPending) return <LoadingState label="Loading your profile…" className="min-h-96" />;
  if (profile.isError)
    return <Problem>Your profile could not be loaded. Reload the page to try again.</Problem>;
  return (
    <div className="mx-auto max-w-2xl">
      <Card className="p-6 sm:p-8">
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">
          Set up your research profile
        </h2>
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
        <section
          className="mt-8 border-t border-slate-200 pt-6"
          aria-labelledby="setup-publications"
        >
          <h3 id="setup-publications" className="text-base font-semibold text-slate-900">
            Your publications (optional)
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            Import them now from a reference manager&rsquo;s BibTeX or RIS export, as a file or
            pasted, or from ORCID.
            They help collaborators find you.
          </p>
          <PublicationsImport />
        </section>
      </Card>
    </div>
  );
}
