import { Link } from 'react-router';
import { CheckCircle2, Lightbulb, Target, UsersRound, type LucideIcon } from 'lucide-react';
import { paths } from '../../../config/paths';
import { buttonClasses } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';

const reasons = [
  'AI-powered matching with relevant grants',
  'Connect with potential research collaborators',
  'Streamlined application process',
  'Real-time funding opportunities',
  'Fast and easy onboarding for admins and professors',
];

const values: { title: string; body: string; icon: LucideIcon }[] = [
  {
    title: 'Innovation',
    body: 'We use language understanding and live federal data so that finding the right grant takes minutes, not weeks of newsletters and spreadsheets.',
    icon: Lightbulb,
  },
  {
    title: 'Collaboration',
    body: 'The strongest proposals bring together complementary expertise. We help researchers find each other across institutional lines.',
    icon: UsersRound,
  },
  {
    title: 'Impact',
    body: 'Every feature is judged by one question: does it help more good research get funded?',
    icon: Target,
  },
];

export function AboutPage() {
  useDocumentTitle('About');
  return (
    <>
      <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800">
        <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 lg:px-8">
          <h1 className="text-4xl font-bold tracking-tight text-white sm:text-5xl">
            Transforming Research Funding
          </h1>
          <p className="mt-6 text-lg leading-8 text-brand-50">
            GrantBridge brings grant discovery, collaborator matching and application management
            together for universities, their research offices and their faculty.
          </p>
        </div>
      </section>

      <section aria-labelledby="story-heading" className="py-16">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <h2 id="story-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Our Story
          </h2>
          <div className="mt-6 space-y-4 text-lg leading-8 text-slate-700">
            <p>
              Federal agencies post thousands of funding opportunities every year, yet many
              researchers hear about the right one too late, or never. Research offices spend their
              days forwarding announcements, and promising proposals stall because the team that
              could win them has never met.
            </p>
            <p>
              GrantBridge started from a simple idea: put the whole Grants.gov catalogue, the people
              who could apply together, and the work of applying in one place. Researchers search in
              plain language, see collaborators at other institutions whose expertise fills the
              gaps, and track each application with their administrators in real time.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="why-heading" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <h2 id="why-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Why Choose GrantBridge
          </h2>
          <ul className="mt-8 space-y-4">
            {reasons.map((reason) => (
              <li key={reason} className="flex items-start gap-3 text-lg text-slate-800">
                <CheckCircle2
                  className="mt-0.5 size-6 shrink-0 text-accent-700"
                  aria-hidden="true"
                />
                <span>{reason}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2
            id="values-heading"
            className="text-center text-3xl font-bold tracking-tight text-slate-900"
          >
            Our Values
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {values.map(({ title, body, icon: Icon }) => (
              <li
                key={title}
                className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
              >
                <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-800">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-5 text-xl font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 leading-7 text-slate-700">{body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="journey-heading" className="bg-brand-50 py-16">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
          <h2 id="journey-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Ready to Transform Your Research Journey?
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            Tell us about your institution and we will help you get your researchers on board.
          </p>
          <Link to={paths.getStarted} className={buttonClasses('primary', 'lg', 'mt-8')}>
            Get Started
          </Link>
        </div>
      </section>
    </>
  );
}
