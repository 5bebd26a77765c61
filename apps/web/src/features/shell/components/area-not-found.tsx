import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { buttonClasses } from '../../../components/ui/button';

export function AreaNotFound({ homePath }: { homePath: string }) {
  return (
    <Card className="mx-auto max-w-3xl p-8 text-center">
      <h2 className="text-xl font-semibold text-slate-900">This page doesn&rsquo;t exist</h2>
      <p className="mt-2 text-slate-700">
        The address may be mistyped, or the page may have moved.
      </p>
      <Link to={homePath} className={buttonClasses('primary', 'md', 'mt-6')}>
        Back to the dashboard
      </Link>
    </Card>
  );
}
