// The one hook behind the three lead forms: the contract schema validates in
// the browser, a sent lead turns the form into a confirmation of what happens
// next (a toast alone would invite a second request), a failed one shows its
// errors where they belong (utils/lead-errors).
import { useState } from 'react';
import { get, useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ToastOptions } from 'react-hot-toast';
import type { z } from 'zod';
import { showLeadError } from '../utils/lead-errors';

type LeadFormOptions<Input extends FieldValues, Output> = {
  /** Field ids are the prefix and the field's name in kebab case: "contact-first-name". */
  idPrefix: string;
  schema: z.ZodType<Output, Input>;
  /** Every field of the form: server errors for these names go under their fields. */
  defaultValues: DefaultValues<Input>;
  send: (values: Output) => Promise<unknown>;
  successMessage: string;
  /** What happens next, told on the confirmation from what was sent. */
  nextSteps: (values: Output) => string[];
  failureToast?: ToastOptions;
};

/** A sent lead, as its confirmation shows it. */
export type LeadSent = { message: string; steps: string[] };

export function useLeadForm<Input extends FieldValues, Output>({
  idPrefix,
  schema,
  defaultValues,
  send,
  successMessage,
  nextSteps,
  failureToast,
}: LeadFormOptions<Input, Output>) {
  const [sent, setSent] = useState<LeadSent | null>(null);
  const { register, control, handleSubmit, reset, setError, formState } = useForm<
    Input,
    unknown,
    Output
  >({
    resolver: zodResolver(schema),
    defaultValues,
  });
  const fields = Object.keys(defaultValues) as Path<Input>[];

  const submit = handleSubmit(async (values) => {
    try {
      await send(values);
      setSent({ message: successMessage, steps: nextSteps(values) });
      reset();
    } catch (error) {
      showLeadError(error, { setError, fields, toastOptions: failureToast });
    }
  });

  const id = (name: Path<Input>) =>
    `${idPrefix}-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  const error = (name: Path<Input>) =>
    (get(formState.errors, name) as { message?: string } | undefined)?.message;

  // The button stays focusable while sending (not disabled), so a second press waits here.
  const onSubmit: typeof submit = (event) => {
    if (formState.isSubmitting) {
      event?.preventDefault();
      return Promise.resolve();
    }
    return submit(event);
  };

  return {
    onSubmit,
    isSubmitting: formState.isSubmitting,
    sent,
    /** Back to the (empty) form from the confirmation. */
    sendAnother: () => setSent(null),
    /** What a registered input's Field needs. */
    field: (name: Path<Input>) => ({
      id: id(name),
      error: error(name),
      registration: register(name),
    }),
    /** What a controlled input (university, phone) needs. */
    controlled: (name: Path<Input>) => ({ id: id(name), error: error(name), control, name }),
  };
}
