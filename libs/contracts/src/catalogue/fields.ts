import { z } from 'zod';

/** Field kinds the event schemas share. */
export const at = () => z.iso.datetime({ offset: true }).describe('ISO 8601 time');
export const id = () => z.string().min(1);
export const nullableText = () => z.string().nullable();
