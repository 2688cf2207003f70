import { Conflict } from '@app/nest-kit';

export class AccountAlreadyRegistered extends Conflict {
  constructor() {
    super('Account already exists');
  }
}
