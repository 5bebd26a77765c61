// "Export": a list as a CSV or an Excel file (issue 29 §4). Plain links with
// `download`: the browser fetches the file with the session cookie and saves
// it, nothing is held in the page. Each link's accessible name holds its
// visible word ("Export saved grants as CSV" for "CSV"), WCAG 2.5.3.
import { useId } from 'react';
import { Download } from 'lucide-react';
import { buttonClasses } from './ui/button';

type ExportLinksProps = {
  /** What is exported, in words: "search results", "saved grants". */
  what: string;
  csvHref: string;
  xlsxHref: string;
  className?: string;
};

export function ExportLinks({ what, csvHref, xlsxHref, className }: ExportLinksProps) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className={`flex items-center gap-1.5 ${className ?? ''}`}>
      <span id={labelId} className="inline-flex items-center gap-1 text-sm font-medium text-slate-700">
        <Download className="size-4" aria-hidden="true" />
        Export<span className="sr-only"> {what}</span>
      </span>
      <a href={csvHref} download className={buttonClasses('secondary', 'sm', 'whitespace-nowrap')} data-export="csv">
        <span className="sr-only">Export {what} as </span>CSV
      </a>
      <a href={xlsxHref} download className={buttonClasses('secondary', 'sm', 'whitespace-nowrap')} data-export="xlsx">
        <span className="sr-only">Export {what} as </span>Excel
      </a>
    </div>
  );
}
