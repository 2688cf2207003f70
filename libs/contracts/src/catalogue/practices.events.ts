import { z } from 'zod';
import type * as practices from '../practices';
import {
  ACCESS_TYPES,
  PRACTICE_CREATED_V1,
  PRACTICE_DELETED_V1,
  PRACTICE_IMAGE_CHANGED_V1,
  PRACTICE_UPDATED_V1,
  PRACTICE_USER_ACCESS_TYPE_CHANGED_V1,
  PRACTICE_USER_ADDED_V1,
  PRACTICE_USER_REMOVED_V1,
} from '../practices';
import { defineEvent } from './define';
import { at, id, nullableText } from './fields';

const accessType = z.enum(ACCESS_TYPES);
const practiceDetails = z.object({
  npi: z.string().describe('10-digit National Provider Identifier'),
  practiceName: z.string(),
  displayName: z.string(),
  userName: z.string(),
  email: z.string(),
  mailingAddress: z.object({ streetAddress1: nullableText(), suite: nullableText(), city: nullableText(), state: nullableText(), zip: nullableText() }),
  phone: nullableText(),
  fax: nullableText(),
  website: nullableText(),
  profileDescription: nullableText(),
  bannerImageUrl: nullableText(),
  avatarImageUrl: nullableText(),
});
const membership = { practiceId: id(), practiceName: z.string(), userId: id().describe("the directory's profile id (identity's account id)") };

export const practicesEvents = [
  defineEvent<practices.PracticeCreatedV1>()({
    context: 'practices',
    name: PRACTICE_CREATED_V1,
    version: 1,
    summary: 'A practice was created by the master admin.',
    schema: z.object({ practiceId: id(), details: practiceDetails, createdAt: at(), createdBy: nullableText() }),
  }),
  defineEvent<practices.PracticeUpdatedV1>()({
    context: 'practices',
    name: PRACTICE_UPDATED_V1,
    version: 1,
    summary: 'Only the fields that changed (a mailing address whole).',
    schema: z.object({ practiceId: id(), changes: practiceDetails.partial(), updatedAt: at(), updatedBy: nullableText() }),
  }),
  defineEvent<practices.PracticeImageChangedV1>()({
    context: 'practices',
    name: PRACTICE_IMAGE_CHANGED_V1,
    version: 1,
    summary: 'A new banner or avatar (a URL under /api/files).',
    schema: z.object({ practiceId: id(), image: z.enum(['banner', 'avatar']), url: z.string(), changedAt: at(), changedBy: nullableText() }),
  }),
  defineEvent<practices.PracticeUserAddedV1>()({
    context: 'practices',
    name: PRACTICE_USER_ADDED_V1,
    version: 1,
    summary: 'A user was added to a practice with an access type.',
    schema: z.object({ ...membership, accessType, addedAt: at(), addedBy: nullableText() }),
  }),
  defineEvent<practices.PracticeUserAccessTypeChangedV1>()({
    context: 'practices',
    name: PRACTICE_USER_ACCESS_TYPE_CHANGED_V1,
    version: 1,
    summary: "A practice user's access type changed.",
    schema: z.object({ ...membership, from: accessType, to: accessType, changedAt: at(), changedBy: nullableText() }),
  }),
  defineEvent<practices.PracticeUserRemovedV1>()({
    context: 'practices',
    name: PRACTICE_USER_REMOVED_V1,
    version: 1,
    summary: 'A user was removed from a practice.',
    schema: z.object({ ...membership, removedAt: at(), removedBy: nullableText() }),
  }),
  defineEvent<practices.PracticeDeletedV1>()({
    context: 'practices',
    name: PRACTICE_DELETED_V1,
    version: 1,
    summary: 'A practice was deleted; userIds are its users at that moment.',
    schema: z.object({ practiceId: id(), practiceName: z.string(), userIds: z.array(id()), deletedAt: at(), deletedBy: nullableText() }),
  }),
];
