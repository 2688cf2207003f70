import { z } from 'zod';
import { defineRpcs } from '../rpc-contract';
import { FileViewSchema } from './calls';
import { ProviderIdRequest } from './credentialing';

/**
 * A decision-like event of the file's current cycle as the packet prints it: its type, when, who
 * and every field it carries (besides the ids), so an outcome recorded by a later kind of event
 * (a committee meeting, conditions) is printed as soon as the file holds it.
 */
export const PacketEventSchema = z.object({
  type: z.string(),
  at: z.string().nullable(),
  by: z.string().nullable(),
  fields: z.record(z.string(), z.unknown()),
});
export type PacketEvent = z.infer<typeof PacketEventSchema>;

/** What the credentialing packet of a file holds: the file as its people see it and the cycle's decision events. */
export const PacketReply = z.object({
  file: FileViewSchema,
  decisions: z.array(PacketEventSchema),
  /** The names of the people the decision events mention, by user id (besides the file's `people`). */
  people: z.record(z.string(), z.string()),
  generatedAt: z.string(),
});
export type PacketReply = z.infer<typeof PacketReply>;

/** The credentialing packet an auditor asks for (credentialing.qry.filePacket); the gateway renders it as a PDF. */
export const PACKET_RPC = defineRpcs('credentialing', {
  filePacket: { kind: 'qry', request: ProviderIdRequest, reply: PacketReply },
});
