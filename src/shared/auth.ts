import { MESSAGES, z } from './messages.ts';

export const loginSchema = z.object({
  login: z.string().trim().min(1, MESSAGES.required),
  password: z.string().min(1, MESSAGES.required),
});
export type LoginPayload = z.infer<typeof loginSchema>;

export const sessionUserSchema = z.object({
  id: z.number(),
  login: z.string(),
  name: z.string(),
  rules: z.array(z.string()),
});
export type SessionUserDto = z.infer<typeof sessionUserSchema>;
