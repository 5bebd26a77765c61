import type { User } from '@grantbridge/contract/auth';
import { BeingBuilt } from './being-built';

export function ResearcherHome({ user }: { user: User }) {
  // "Dr. Jordan Ellery" → "Jordan": skip honorifics before the first name.
  const words = user.name.split(/\s+/).filter((w) => !/^(dr|prof|mr|mrs|ms|mx)\.?$/i.test(w));
  const firstName = words[0] || user.name;
  return (
    <div className="space-y-6">
      <section aria-labelledby="welcome-heading" className="mx-auto max-w-3xl">
        <h2 id="welcome-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Welcome, {firstName}
        </h2>
        <p className="mt-1 text-slate-700">
          {[user.title, user.department, user.institution.name].filter(Boolean).join(' · ')}
        </p>
      </section>
      <BeingBuilt
        title="Your dashboard"
        description="Your dashboard is being built. Soon you will find grants suggested for your research profile, your activity feed and recommended collaborators at other institutions here."
      />
    </div>
  );
}
