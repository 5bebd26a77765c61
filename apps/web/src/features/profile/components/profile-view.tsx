// A profile as the seed lays it out: a header card (name, title, institution,
// department, location, initials) and tabs Overview, Publications, Education,
// Research. One's own profile edits in place; another's shows `actions`.
import type { ReactNode } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { Building2, Mail, MapPin, Phone, DoorOpen } from 'lucide-react';
import type { Profile } from '@grantbridge/contract/profile';
import { Card } from '../../../components/ui/card';
import { Chip } from '../../../components/ui/chip';
import { AvatarControl, ProfilePicture } from './avatar-control';
import { ProfileItems } from './profile-items';
import { PublicationsImport } from './publications-import';

const tabs = [
  { value: 'overview', label: 'Overview' },
  { value: 'publications', label: 'Publications' },
  { value: 'education', label: 'Education' },
  { value: 'research', label: 'Research' },
] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-700">{children}</p>;
}

export function ProfileView({ profile, editable, actions }: { profile: Profile; editable: boolean; actions?: ReactNode }) {
  const facts = [
    { icon: Building2, text: [profile.department, profile.institution.name].filter(Boolean).join(', ') },
    { icon: MapPin, text: profile.location },
    { icon: DoorOpen, text: profile.office },
    { icon: Mail, text: profile.email },
    { icon: Phone, text: profile.phone },
  ].filter((f) => f.text);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Card className="p-6">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <ProfilePicture profile={profile} />
          <div className="min-w-0 flex-1">
            <h2 className="text-2xl font-bold tracking-tight text-slate-900">{profile.name}</h2>
            {profile.title ? <p className="mt-1 text-slate-700">{profile.title}</p> : null}
            <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700">
              {facts.map(({ icon: Icon, text }) => (
                <li key={text} className="inline-flex items-center gap-1.5">
                  <Icon className="size-4 text-slate-500" aria-hidden="true" />
                  {text}
                </li>
              ))}
            </ul>
            {editable ? (
              <div className="mt-4">
                <AvatarControl profile={profile} />
              </div>
            ) : null}
          </div>
          {actions ? <div className="flex shrink-0 gap-2">{actions}</div> : null}
        </div>
      </Card>

      <Tabs.Root defaultValue="overview">
        <Tabs.List aria-label="Profile sections" className="flex gap-1 overflow-x-auto border-b border-slate-200">
          {tabs.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className="-mb-px whitespace-nowrap border-b-2 border-transparent px-4 py-2.5 text-sm font-medium text-slate-700 hover:text-slate-900 data-[state=active]:border-brand-800 data-[state=active]:text-brand-900"
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Card className="mt-4 p-6">
          <Tabs.Content value="overview" className="space-y-6 focus:outline-none">
            <Section title="About">
              {profile.about ? <p className="whitespace-pre-line text-slate-800">{profile.about}</p> : <Empty>Nothing written yet.</Empty>}
            </Section>
            <Section title="Research summary">
              {profile.researchSummary ? (
                <p className="whitespace-pre-line text-slate-800">{profile.researchSummary}</p>
              ) : (
                <Empty>Nothing written yet.</Empty>
              )}
            </Section>
            <Section title="Current projects">
              <ProfileItems kind="projects" profile={profile} editable={editable} />
            </Section>
          </Tabs.Content>
          <Tabs.Content value="publications" className="focus:outline-none">
            <ProfileItems kind="publications" profile={profile} editable={editable} />
            {editable ? <PublicationsImport /> : null}
          </Tabs.Content>
          <Tabs.Content value="education" className="focus:outline-none">
            <ProfileItems kind="education" profile={profile} editable={editable} />
          </Tabs.Content>
          <Tabs.Content value="research" className="space-y-6 focus:outline-none">
            <Section title="Research areas">
              {profile.researchAreas.length ? (
                <ul className="flex flex-wrap gap-2">
                  {profile.researchAreas.map((a) => (
                    <li key={a}>
                      <Chip tone="brand" className="text-sm">{a}</Chip>
                    </li>
                  ))}
                </ul>
              ) : (
                <Empty>No research areas yet{editable ? ': add them with Edit Profile so grants and collaborators can match you.' : '.'}</Empty>
              )}
            </Section>
            <Section title="Expertise">
              {profile.expertise.length ? (
                <ul className="flex flex-wrap gap-2">
                  {profile.expertise.map((a) => (
                    <li key={a}>
                      <Chip className="text-sm">{a}</Chip>
                    </li>
                  ))}
                </ul>
              ) : (
                <Empty>No expertise keywords yet.</Empty>
              )}
            </Section>
          </Tabs.Content>
        </Card>
      </Tabs.Root>
    </div>
  );
}
