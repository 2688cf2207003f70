import type { ImageKind } from '../api/profilesApi';

/** Banner crop ratio 6:1, avatar 1:1 (spec §9). */
export function cropAspectRatio(kind: ImageKind): number {
  return kind === 'banner' ? 6 : 1;
}

export function imageKindTitle(kind: ImageKind): string {
  return kind === 'banner' ? 'Banner' : 'Avatar';
}

/** What the gateway accepts as a picture (it re-encodes it; anything else is refused there too). */
export const IMAGE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
/** The drop area's prompt per image kind (spec 001 §4: 'Drag a profile photo here'). */
export const IMAGE_DROP_PROMPTS: Record<ImageKind, string> = { avatar: 'Drag a profile photo here', banner: 'Drag a banner image here' };
export const WRONG_IMAGE_MESSAGE = 'Choose a PNG or JPEG picture';
export const UPLOAD_FAILED_MESSAGE = 'The picture could not be uploaded';

export function isAcceptedImage(file: Pick<File, 'name' | 'type'>): boolean {
  return /\.(png|jpe?g)$/i.test(file.name) && (file.type === '' || file.type === 'image/png' || file.type === 'image/jpeg');
}
