import { Conflict, NotFound } from '@app/errors';

export class AccountRequestNotFound extends NotFound {
  constructor() {
    super('Account request not found');
  }
}

/** Approved or declined already (by another master admin, or a second click). */
export class AccountRequestAlreadyDecided extends Conflict {
  constructor(status: 'approved' | 'declined') {
    super(`This account request was already ${status}`);
  }
}

export class AccountRequestAlreadyMade extends Conflict {
  constructor() {
    super('This account request was already made');
  }
}
