import { z } from 'zod';

/** A market session a trading session can belong to; the list is fixed and shared by all users. */
export const sessionTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `HH:MM` in UTC. */
  startTime: z.string(),
  endTime: z.string(),
  description: z.string().nullable(),
});
export type SessionType = z.infer<typeof sessionTypeSchema>;

export const sessionTypesResponseSchema = z.object({ sessionTypes: z.array(sessionTypeSchema) });
