import { splitLinks } from '../utils/linkify';

/** Message content as plain text, with http(s) links made clickable. Never HTML. */
export function MessageText({ content }: { content: string }) {
  return (
    <>
      {splitLinks(content).map((part, i) =>
        part.kind === 'link' ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all underline underline-offset-2 hover:no-underline"
          >
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
