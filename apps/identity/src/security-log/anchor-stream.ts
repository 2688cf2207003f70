import {
  DiscardPolicy,
  jetstream,
  jetstreamManager,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type StreamConfig,
} from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { Subjects } from '@app/contracts';
import { natsReplicas } from '@app/nest-kit';
import { formatAnchor, parseAnchor, type Anchor, type SourcedAnchor } from './anchors';

const STREAM_NOT_FOUND = 10059;
const STREAM_NAME_IN_USE = 10058;
const NO_MESSAGE_FOUND = 10037;
const DUPLICATE_WINDOW_MS = 2 * 60_000;

const apiErrorCode = (err: unknown) => (err instanceof JetStreamApiError ? err.code : undefined);

/** `AUDIT_ANCHORS`, or `<PREFIX>_AUDIT_ANCHORS` (like the EVENTS stream). */
export function anchorStreamName(prefix: string): string {
  new Subjects(prefix); // validates the prefix
  return prefix ? `${prefix.replace(/-/g, '_').toUpperCase()}_AUDIT_ANCHORS` : 'AUDIT_ANCHORS';
}

/** `[<prefix>.]audit.anchors.<schema>`: one subject per security log. */
export function anchorSubject(prefix: string, schema: string): string {
  new Subjects(prefix);
  return `${prefix ? `${prefix}.` : ''}audit.anchors.${schema}`;
}

/**
 * The stream's configuration: file storage, kept `retentionDays` (0: for ever), and neither
 * message deletes nor purges allowed (the server refuses to lift those flags later).
 */
export function anchorStreamConfig(prefix: string, retentionDays: number): Partial<StreamConfig> & { name: string } {
  return {
    name: anchorStreamName(prefix),
    description: 'Heads of the hash-chained security event log (identity), for `npm run audit -- verify`',
    subjects: [`${prefix ? `${prefix}.` : ''}audit.anchors.>`],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    discard: DiscardPolicy.Old,
    max_age: retentionDays > 0 ? nanos(retentionDays * 86_400_000) : 0,
    max_msgs: -1,
    max_bytes: -1,
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    deny_delete: true,
    deny_purge: true,
    allow_rollup_hdrs: false,
    num_replicas: natsReplicas(),
  };
}

export type AnchorStreamOptions = { nc: NatsConnection; prefix: string; schema: string; retentionDays: number };

/** The JetStream stream of anchors: append, read the newest, read all. */
export class AnchorStream {
  readonly name: string;
  readonly subject: string;
  private ensured: Promise<void> | null = null;

  constructor(private readonly options: AnchorStreamOptions) {
    this.name = anchorStreamName(options.prefix);
    this.subject = anchorSubject(options.prefix, options.schema);
  }

  /** Creates the stream if missing; turns on deny_delete / deny_purge if someone created it without. Idempotent. */
  ensure(): Promise<void> {
    this.ensured ??= this.doEnsure().catch((e) => {
      this.ensured = null;
      throw e;
    });
    return this.ensured;
  }

  private async doEnsure(): Promise<void> {
    const jsm = await jetstreamManager(this.options.nc);
    const wanted = anchorStreamConfig(this.options.prefix, this.options.retentionDays);
    let info;
    try {
      info = await jsm.streams.info(this.name);
    } catch (err) {
      if (apiErrorCode(err) !== STREAM_NOT_FOUND) throw err;
      try {
        await jsm.streams.add(wanted);
        return;
      } catch (addErr) {
        if (apiErrorCode(addErr) !== STREAM_NAME_IN_USE) throw addErr;
        info = await jsm.streams.info(this.name);
      }
    }
    const subjects = info.config.subjects ?? [];
    const missing = wanted.subjects!.filter((s) => !subjects.includes(s));
    if (!info.config.deny_delete || !info.config.deny_purge || missing.length) {
      await jsm.streams.update(this.name, { ...info.config, deny_delete: true, deny_purge: true, subjects: [...subjects, ...missing] });
    }
  }

  /** Appends an anchor. `duplicate`: the same head was anchored moments ago (by another instance). */
  async publish(anchor: Anchor): Promise<{ streamSeq: number; duplicate: boolean }> {
    await this.ensure();
    const js = jetstream(this.options.nc);
    const ack = await js.publish(this.subject, formatAnchor(anchor), {
      msgID: `${anchor.schema}:${anchor.seq}:${anchor.hash}`,
      expect: { streamName: this.name },
    });
    return { streamSeq: ack.seq, duplicate: ack.duplicate };
  }

  /** The newest anchor of this log, or null (none yet, or no stream). */
  async last(): Promise<Anchor | null> {
    const jsm = await jetstreamManager(this.options.nc);
    try {
      const m = await jsm.streams.getMessage(this.name, { last_by_subj: this.subject });
      return m ? parseAnchor(m.string()) : null;
    } catch (err) {
      const code = apiErrorCode(err);
      if (code === STREAM_NOT_FOUND || code === NO_MESSAGE_FOUND) return null;
      throw err;
    }
  }

  /** Every anchor of this log still in the stream, oldest first. A message that is not an anchor is an error. */
  async readAll(): Promise<SourcedAnchor[]> {
    const jsm = await jetstreamManager(this.options.nc);
    let lastSeq: number;
    try {
      const last = await jsm.streams.getMessage(this.name, { last_by_subj: this.subject });
      if (!last) return [];
      lastSeq = last.seq;
    } catch (err) {
      const code = apiErrorCode(err);
      if (code === STREAM_NOT_FOUND || code === NO_MESSAGE_FOUND) return [];
      throw err;
    }
    // One subject as a string: `filter_subject`, which NATS 2.9 knows too (an array is 2.10's `filter_subjects`).
    const consumer = await jetstream(this.options.nc).consumers.get(this.name, { filter_subjects: this.subject });
    const messages = await consumer.consume({ max_messages: 500 });
    const anchors: SourcedAnchor[] = [];
    try {
      for await (const m of messages) {
        try {
          anchors.push({ ...parseAnchor(m.string()), source: `jetstream ${this.name} #${m.seq}` });
        } catch (e) {
          throw new Error(`JetStream ${this.name} message #${m.seq} is not an anchor: ${(e as Error).message}`);
        }
        if (m.seq >= lastSeq) break;
      }
    } finally {
      messages.stop();
    }
    return anchors;
  }
}
