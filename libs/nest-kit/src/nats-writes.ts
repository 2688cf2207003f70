// Not exported from the package's entry point; the class every Node connection's transport is.
import { NodeTransport } from '@nats-io/transport-node/lib/node_transport';

const PENDING = Symbol('pendingNatsFrames');
type Frames = { frames: Uint8Array[]; bytes: number };
type Transport = {
  [PENDING]?: Frames;
  send(frame: Uint8Array): void;
  _closed(err?: Error, internal?: boolean): Promise<void>;
};

/** Past this many bytes waiting, the frames go out at once (as the client's own buffer does). */
const MAX_PENDING_BYTES = 64 * 1024;
let installed = false;

/**
 * One socket write per turn of the event loop for every NATS connection of the process, instead
 * of one per microtask checkpoint. The client (@nats-io/nats-core) hands its buffered commands
 * to the transport at the end of each microtask run, and every run that published anything
 * cost a `write` system call: a gateway handling 500 chat messages a second wrote to NATS once
 * per HTTP request (15 % of its CPU in `writeBuffer`), messaging once or more per reply and push.
 * Here the frames handed over during one turn are written together when the turn ends
 * (setImmediate: after the I/O callbacks of this turn, before any timer of the next), in the
 * order they were handed over; a close writes what waits first. Idempotent.
 *
 * On unless NATS_COALESCE_WRITES=0. (It was off for a while, suspected in the FHIR bench smoke's
 * stall at the directory's checkpoints; that stall was the bench's own wait comparing positions
 * only, see test/bench/wait-quiet.int-spec.ts.) What the client expects of `send` still holds: the
 * bytes go out in order and unchanged (the client hands over a fresh or constant buffer and never
 * touches it again), a PING goes out after every command handed over before it (so `flush()` and
 * requests are answered), nothing waits past the turn, and write errors stay ignored as before.
 */
export function coalesceNatsWrites(options: { force?: boolean } = {}): void {
  if (installed || (!options.force && process.env.NATS_COALESCE_WRITES === '0')) return;
  installed = true;
  const proto = NodeTransport.prototype as unknown as Transport;
  const send = proto.send;
  const closed = proto._closed;
  const flush = (transport: Transport) => {
    const pending = transport[PENDING];
    if (!pending || pending.frames.length === 0) return;
    transport[PENDING] = undefined;
    send.call(transport, pending.frames.length === 1 ? pending.frames[0] : Buffer.concat(pending.frames, pending.bytes));
  };
  proto.send = function (this: Transport, frame: Uint8Array) {
    let pending = this[PENDING];
    if (!pending) {
      pending = this[PENDING] = { frames: [], bytes: 0 };
      setImmediate(() => flush(this));
    }
    pending.frames.push(frame);
    pending.bytes += frame.byteLength;
    if (pending.bytes >= MAX_PENDING_BYTES) flush(this);
  };
  proto._closed = function (this: Transport, err?: Error, internal?: boolean) {
    flush(this);
    return closed.call(this, err, internal);
  };
}
