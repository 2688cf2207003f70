import type { ReactElement } from 'react';
import type { ImageKind } from '../../profiles/api/profilesApi';
import { type ImageDrawerTexts, ImageUploadDrawer } from '../../profiles/components/ImageUploadDrawer';
import { imageKindTitle } from '../../profiles/logic/imageUpload';

type PracticeImageDrawerProps = {
  open: boolean;
  kind: ImageKind;
  onClose: () => void;
  /** Takes the cropped picture (png); the drawer closes when it resolves, shows a message when it rejects. */
  onCropped: (image: Blob, fileName: string) => Promise<void>;
};

/** The practice's texts (spec practices §2): 'Upload Profile Banner', 'Crop Banner Image', 'Uploading Banner Image'. */
export const practiceImageTexts = (kind: ImageKind): ImageDrawerTexts => {
  const title = imageKindTitle(kind);
  const uploading = `Uploading ${title} Image`;
  return { pickTitle: `Upload Profile ${title}`, cropTitle: `Upload Profile ${title}`, uploading, uploadingLabel: uploading, cropButton: `Crop ${title} Image` };
};

/**
 * The practice's banner and avatar upload drawers: the image upload drawer (pick or drop, crop
 * 6:1 or 1:1) with the practice's texts and width. The create drawer stores the cropped
 * picture's URL; the practice profile replaces the image at once.
 */
export function PracticeImageDrawer(props: PracticeImageDrawerProps): ReactElement {
  return <ImageUploadDrawer {...props} texts={practiceImageTexts(props.kind)} size="practice" />;
}
