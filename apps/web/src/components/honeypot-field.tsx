import type { UseFormRegisterReturn } from 'react-hook-form';

/** Lead-form trap: off screen and out of the tab order, so only bots fill it in. */
export function HoneypotField({
  id,
  registration,
}: {
  id: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...registration} />
    </div>
  );
}
