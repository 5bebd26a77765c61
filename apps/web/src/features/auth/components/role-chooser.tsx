import { GraduationCap, ShieldCheck, type LucideIcon } from 'lucide-react';
import type { Role } from '@grantbridge/contract/auth';
import { roleLabels } from '../../../lib/format';

const choices: { role: Role; description: string; icon: LucideIcon }[] = [
  {
    role: 'researcher',
    description: 'Find grants and collaborators, and manage your applications.',
    icon: GraduationCap,
  },
  {
    role: 'admin',
    description: 'Support your researchers and follow your institution’s grant activity.',
    icon: ShieldCheck,
  },
];

function RoleButton({
  role,
  description,
  icon: Icon,
  onChoose,
}: (typeof choices)[number] & { onChoose: (role: Role) => void }) {
  return (
    <button
      type="button"
      onClick={() => onChoose(role)}
      className="flex w-full items-center gap-4 rounded-2xl border-2 border-slate-200 bg-white p-5 text-left shadow-sm transition hover:border-brand-700 hover:bg-brand-50 focus-visible:border-brand-700"
    >
      <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-800">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <span>
        {/* The button is named by all its visible text, role first, so what a
            speech-input user reads out matches (WCAG 2.5.3). */}
        <span className="block text-lg font-semibold text-slate-900">{roleLabels[role]}</span>{' '}
        <span className="mt-1 block text-sm text-slate-700">{description}</span>
      </span>
    </button>
  );
}

export function RoleChooser({ onChoose }: { onChoose: (role: Role) => void }) {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Sign in to GrantBridge
      </h1>
      <p className="mt-2 text-slate-700">First, tell us how you use GrantBridge.</p>
      <div className="mt-8 space-y-4">
        {choices.map((choice) => (
          <RoleButton key={choice.role} {...choice} onChoose={onChoose} />
        ))}
      </div>
    </div>
  );
}
