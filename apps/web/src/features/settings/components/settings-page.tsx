import type { ReactNode } from 'react';
import type { User } from '@grantbridge/contract/auth';
import { Card } from '../../../components/ui/card';
import { roleLabels } from '../../../lib/format';
import { ChangePasswordForm } from './change-password-form';
import { SignOutEverywhere } from './sign-out-everywhere';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900 sm:col-span-2 sm:mt-0">{value}</dd>
    </div>
  );
}

type SettingsPageProps = {
  user: User;
  /** Sections other features own (notification preferences), shown after the profile; the app layer fills it. */
  sections?: ReactNode;
};

/** Account settings for either area; the user comes from the signed-in shell. */
export function SettingsPage({ user, sections }: SettingsPageProps) {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Card className="p-6">
        <h2 className="text-lg font-semibold text-slate-900">Profile</h2>
        <dl className="mt-2 divide-y divide-slate-100">
          <Fact label="Name" value={user.name} />
          <Fact label="Email" value={user.email} />
          <Fact label="Role" value={roleLabels[user.role]} />
          <Fact label="Institution" value={user.institution.name} />
          {user.title ? <Fact label="Title" value={user.title} /> : null}
          {user.department ? <Fact label="Department" value={user.department} /> : null}
        </dl>
      </Card>

      {sections}

      <Card className="p-6">
        <h2 id="change-password-heading" className="text-lg font-semibold text-slate-900">
          Change password
        </h2>
        <p className="mt-1 mb-5 text-sm text-slate-700">
          Choose a password you don&rsquo;t use anywhere else.
        </p>
        <ChangePasswordForm />
      </Card>

      <Card className="p-6">
        <h2 className="text-lg font-semibold text-slate-900">Sessions</h2>
        <p className="mt-1 mb-5 text-sm text-slate-700">
          Lost a device or signed in on a shared computer? Sign out of GrantBridge everywhere at
          once.
        </p>
        <SignOutEverywhere />
      </Card>
    </div>
  );
}
