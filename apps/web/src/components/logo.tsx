import clsx from 'clsx';

/** The GrantBridge mark: a bridge over funding columns. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={clsx('size-8', className)}
    >
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <path
        d="M6 21c3-7 7-10 10-10s7 3 10 10"
        fill="none"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <path d="M6 21h20" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M11 21v-5M16 21v-8M21 21v-5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
