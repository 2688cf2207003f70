import { Conflict, DomainError, Forbidden, NotFound, ValidationFailed } from '@app/errors';
import type { credentialing } from '@app/contracts';

export class FileNotFound extends NotFound {
  constructor() {
    super('No credentialing file for this provider');
  }
}
export class CredentialNotFound extends NotFound {
  constructor() {
    super('No such credential in the current file');
  }
}
export class NotAllowed extends Forbidden {}
export class CycleAlreadyOpen extends Conflict {
  constructor(status: credentialing.FileStatus) {
    super(`A credentialing cycle is already open for this provider (status ${status})`);
  }
}
export class FileLocked extends Conflict {
  constructor(status: credentialing.FileStatus) {
    super(`The file is ${status === 'Committee Review' ? 'in Committee Review' : status}: it can no longer be changed`);
  }
}
/** Submit or approval refused while items are open: the message names every one. */
export class OpenItemsRemain extends DomainError {
  constructor(readonly items: credentialing.OpenItem[]) {
    super('conflict', `Open items remain: ${items.map((i) => i.message).join('; ')}`, { code: 'open_items' });
  }
}
export class WrongStatus extends Conflict {}
export { ValidationFailed };
