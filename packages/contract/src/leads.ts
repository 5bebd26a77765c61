// Lead forms (contact, get started, demo request). The browser form and the
// server route validate with these same schemas.
import { z } from 'zod';
import { emailSchema } from './auth';

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

export const phonePattern = /^\(\d{3}\)\d{3}-\d{4}$/;
export const phonePlaceholder = '(xxx)xxx-xxxx';

/** Formats whatever was typed as (xxx)xxx-xxxx, keeping at most 10 digits. */
export function formatPhone(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)})${digits.slice(3)}`;
  return `(${digits.slice(0, 3)})${digits.slice(3, 6)}-${digits.slice(6)}`;
}

const phoneSchema = z
  .string({ error: 'Phone is required' })
  .trim()
  .regex(phonePattern, 'Enter a 10-digit phone number as (xxx)xxx-xxxx');

/** Hidden field that people never see; bots fill it in. */
const honeypotSchema = z.string().max(500).optional();

const leadBase = {
  firstName: required('First name', 100),
  lastName: required('Last name', 100),
  email: emailSchema,
  university: required('University', 200),
  website: honeypotSchema,
};

export const contactRequestSchema = z.object({
  ...leadBase,
  message: required('Message', 5000),
});
export type ContactRequestInput = z.input<typeof contactRequestSchema>;

export const getStartedRequestSchema = z.object({
  ...leadBase,
  phone: z.union([z.literal(''), phoneSchema]).optional(),
  message: required('Message', 5000),
});
export type GetStartedRequestInput = z.input<typeof getStartedRequestSchema>;

export const demoRoles = [
  'Researcher / Professor',
  'Research Administrator',
  'Department Chair / Dean',
  'IT / Technology',
  'Other',
] as const;

export const demoRequestSchema = z.object({
  ...leadBase,
  phone: phoneSchema,
  role: z.enum(demoRoles, { error: 'Choose your role' }),
  preferredDate: z
    .string({ error: 'Enter a valid date and time' })
    .trim()
    .max(40)
    .refine((v) => {
      if (v === '') return true;
      const at = Date.parse(v);
      // A real moment, in the years anyone books a demo in (not year 0000).
      return !Number.isNaN(at) && at >= Date.UTC(2000, 0, 1) && at < Date.UTC(2200, 0, 1);
    }, 'Enter a valid date and time')
    .optional(),
  message: z.string({ error: 'Comments must be text' }).trim().max(5000, 'Comments must be at most 5000 characters').optional(),
});
export type DemoRequestInput = z.input<typeof demoRequestSchema>;

export const leadCreatedResponseSchema = z.object({ id: z.string() });
