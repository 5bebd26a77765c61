// The one hook behind the three lead forms: the contract schema validates in
// the browser, a sent lead gets the success toast and an empty form, a failed
// one shows its errors where they belong (utils/lead-errors).
import { get, useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast, { type ToastOptions } from 'react-hot-toast';
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
  failureToast?: ToastOptions;
};

export function useLeadForm<Input extends FieldValues, Output>({
  idPrefix,
  schema,
  defaultValues,
  send,
  successMessage,
  failureToast,
}: LeadFormOptions<Input, Output>) {
  const { register, control, handleSubmit, reset, setError, formState } = useForm<
    Input,
    unknown,
    Output
  >({
    resolver: zodResolver(schema),
    defaultValues,
  });
  const fields = Object.keys(defaultValues) as Path<Input>[];

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send(values);
      toast.success(successMessage, { duration: 5000 });
      reset();
    } catch (error) {
      showLeadError(error, { setError, fields, toastOptions: failureToast });
    }
  });

  const id = (name: Path<Input>) =>
    `${idPrefix}-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  const error = (name: Path<Input>) =>
    (get(formState.errors, name) as { message?: string } | undefined)?.message;

  return {
    onSubmit,
    isSubmitting: formState.isSubmitting,
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
