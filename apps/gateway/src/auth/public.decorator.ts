import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';
/** Opts a route out of the global JWT guard. Every other route needs a valid session token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
