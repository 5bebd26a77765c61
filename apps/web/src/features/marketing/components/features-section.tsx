import { BellRing, FolderKanban, Sparkles, UsersRound, type LucideIcon } from 'lucide-react';
import { searchExamples } from '@grantbridge/contract/search-examples';

const features: { title: string; body: string; icon: LucideIcon }[] = [
  {
    title: 'Enhanced Collaboration',
    body: 'Find researchers at other universities whose expertise complements yours, and form a team shaped around the grant you want to win.',
    icon: UsersRound,
  },
  {
    title: 'Smart Search with AI',
    body: `Ask in plain words, such as "${searchExamples.homePage}", and get ranked matches that say why they fit.`,
    icon: Sparkles,
  },
  {
    title: 'Grant Management',
    body: 'Saved grants, applications, documents, tasks and deadlines in one pipeline that researchers share with their research office.',
    icon: FolderKanban,
  },
  {
    title: '24/7 Grant Discovery',
    body: 'New opportunities from the Grants.gov catalogue are checked against your research profile as they are posted, with alerts when they fit.',
    icon: BellRing,
  },
];

export function FeaturesSection() {
  return (
    <section aria-labelledby="features-heading" className="bg-slate-50 py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2
            id="features-heading"
            className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            Empowering Research Through Innovation
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            Everything a research team needs between &ldquo;is there funding for this?&rdquo; and
            &ldquo;submitted&rdquo;.
          </p>
        </div>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ title, body, icon: Icon }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-800">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-700">{body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
