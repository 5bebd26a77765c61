import { Construction } from 'lucide-react';
import { Card } from '../../../components/ui/card';

/** An honest placeholder for a screen that a later release delivers. */
export function BeingBuilt({ title, description }: { title: string; description: string }) {
  return (
    <Card className="mx-auto max-w-3xl p-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-amber-50 text-amber-800">
          <Construction className="size-6" aria-hidden="true" />
        </span>
        <div>
          <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
          <p className="mt-2 leading-7 text-slate-700">{description}</p>
        </div>
      </div>
    </Card>
  );
}
