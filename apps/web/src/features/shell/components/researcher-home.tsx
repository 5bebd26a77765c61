import type { User } from '@grantbridge/contract/auth';
import type { ReactNode } from 'react';

/** The researcher's home: the parts come from their features through the route. */
export function ResearcherHome({ user, suggestions, people }: { user: User; suggestions: ReactNode; people: ReactNode }) {
  // "Dr. Jordan Ellery" → "Jordan": skip honorifics before the first name.
  const words = user.name.split(/\s+/).filter((w) => !/^(dr|prof|mr|mrs|ms|mx)\.?$/i.test(w));
  const firstName = words[0] || user.name;
  return (
    <div className="space-y-6">
      <section aria-labelledby="welcome-heading">
        <h2 id="welcome-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Welcome, {firstName}
        </h2>
        <p className="mt-1 text-slate-700">
          {[user.title, user.department, user.institution.name].filter(Boolean).join(' · ')}
        </p>
      </section>
      {/* The seed's grid: seven columns, the carousel on the left five, people on the right two. */}
      <div className="grid gap-6 lg:grid-cols-7">
        <div className="space-y-6 lg:col-span-5">{suggestions}</div>
        <div className="space-y-6 lg:col-span-2">{people}</div>
      </div>
    </div>
  );
}
