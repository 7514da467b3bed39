import { z } from 'zod';
import { EmailSchema, requiredString } from './common';

/** The contact page's message form; the server stores it and notifies the operator. */
export const ContactBodySchema = z.object({
  name: requiredString('Enter your name', 100),
  email: EmailSchema,
  mobile: z.string().trim().max(40, 'Must be at most 40 characters').optional().default(''),
  message: requiredString('Enter your message', 5000),
  terms: z.literal(true, { error: 'Please accept the terms and conditions' }),
});
export type ContactBody = z.infer<typeof ContactBodySchema>;
