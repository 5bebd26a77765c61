// Sign-in, session and account settings contracts.
import { z } from 'zod';

export const roles = ['researcher', 'admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .email('Enter a valid email address');

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Password is too long'),
  role: z.enum(roles, { error: 'Choose a role: researcher or admin' }),
  remember: z.boolean({ error: 'remember must be true or false' }).default(false),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(roles, { error: 'Choose a role: researcher or admin' }),
  title: z.string().nullable(),
  department: z.string().nullable(),
  institution: z.object({ id: z.string(), name: z.string() }),
  /** False until a researcher has set name, title, department and a research area (the setup step). */
  setupComplete: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const meResponseSchema = z.object({ user: userSchema });

/** Like /me, but answers 200 with user null when signed out (no 401 noise in the browser). */
export const sessionResponseSchema = z.object({ user: userSchema.nullable() });

export const passwordSchema = z
  .string({ error: 'New password is required' })
  .min(10, 'Use at least 10 characters')
  .max(256, 'Use at most 256 characters');

export const changePasswordRequestSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(1024),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export const passwordResetConfirmSchema = z.object({
  token: z.string({ error: 'The link is incomplete' }).min(1, 'The link is incomplete').max(200),
  password: passwordSchema,
});
export const acceptedResponseSchema = z.object({ accepted: z.literal(true) });
export const noContentSchema = z.null();
