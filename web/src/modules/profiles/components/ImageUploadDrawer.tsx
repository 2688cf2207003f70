import { Alert, Button, Flex, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { Cropper, type ReactCropperElement } from 'react-cropper';
import { FileDrop } from '../../widgets/components/FileDrop';
import { LoaderIcon } from '../../widgets/components/LoaderIcon';
import { SlideDrawer } from '../../widgets/components/SlideDrawer';
import type { DrawerSize } from '../../widgets/constants/widgetConstants';
import type { ImageKind } from '../api/profilesApi';
import { cropAspectRatio, IMAGE_ACCEPT, IMAGE_DROP_PROMPTS, imageKindTitle, isAcceptedImage, UPLOAD_FAILED_MESSAGE, WRONG_IMAGE_MESSAGE } from '../logic/imageUpload';

type Step = { name: 'pick' } | { name: 'reading' } | { name: 'crop'; source: string; fileName: string } | { name: 'uploading' };

/** What the drawer says: its title at the pick and crop steps, the uploading state, the crop button. */
export type ImageDrawerTexts = { pickTitle: string; cropTitle: string; uploading: string; uploadingLabel: string; cropButton: string };

/** A profile's texts: 'Upload Banner', 'Crop Banner', 'Uploading…', 'Crop & Save'. */
export const profileImageTexts = (kind: ImageKind): ImageDrawerTexts => {
  const title = imageKindTitle(kind);
  return { pickTitle: `Upload ${title}`, cropTitle: `Crop ${title}`, uploading: 'Uploading…', uploadingLabel: 'Uploading', cropButton: 'Crop & Save' };
};

type ImageUploadDrawerProps = {
  open: boolean;
  kind: ImageKind;
  onClose: () => void;
  /** Uploads the cropped picture (png); the drawer closes when it resolves, shows a message when it rejects. */
  onCropped: (image: Blob, fileName: string) => Promise<void>;
  /** The texts (default: a profile's). */
  texts?: ImageDrawerTexts;
  /** The drawer's width (default: a profile drawer's). */
  size?: DrawerSize;
};

let cropperStylesLoaded = false;
/** cropperjs's stylesheet, loaded with the first cropper (not at all under jsdom). */
function loadCropperStyles(): void {
  if (cropperStylesLoaded) return;
  cropperStylesLoaded = true;
  import('cropperjs/dist/cropper.css').catch(() => undefined);
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

function canvasBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Nothing to crop'))), 'image/png'));
}

const useStyles = createStyles(({ token, css }) => ({
  busy: css`
    padding: ${token.paddingLG}px;
  `,
  cropper: css`
    width: 100%;
    max-height: 360px;
  `,
}));

/**
 * Upload a banner or avatar: pick or drop a file (an uploading state while it loads), then the
 * crop step (react-cropper at 6:1 for a banner, 1:1 for an avatar), then the cropped picture is
 * handed to onCropped. Closing resets the steps.
 */
export function ImageUploadDrawer({ open, kind, onClose, onCropped, texts = profileImageTexts(kind), size = 'profile' }: ImageUploadDrawerProps): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  const [step, setStep] = useState<Step>({ name: 'pick' });
  const [error, setError] = useState<string | null>(null);
  const cropper = useRef<ReactCropperElement>(null);
  const title = imageKindTitle(kind);

  useEffect(() => {
    if (!open) {
      setStep({ name: 'pick' });
      setError(null);
    }
  }, [open]);

  const onFile = (file: File) => {
    if (!isAcceptedImage(file)) {
      setError(WRONG_IMAGE_MESSAGE);
      return;
    }
    setError(null);
    setStep({ name: 'reading' });
    loadCropperStyles();
    readAsDataUrl(file)
      .then((source) => setStep({ name: 'crop', source, fileName: file.name.replace(/\.[^.]*$/, '') || kind }))
      .catch(() => {
        setError(UPLOAD_FAILED_MESSAGE);
        setStep({ name: 'pick' });
      });
  };

  const crop = async () => {
    if (step.name !== 'crop') return;
    const instance = cropper.current?.cropper;
    if (!instance) return;
    const { fileName } = step;
    setStep({ name: 'uploading' });
    try {
      const blob = await canvasBlob(instance.getCroppedCanvas({ maxWidth: kind === 'banner' ? 2400 : 800, maxHeight: kind === 'banner' ? 400 : 800 }));
      await onCropped(blob, `${fileName}.png`);
      onClose();
    } catch {
      setError(UPLOAD_FAILED_MESSAGE);
      setStep({ name: 'pick' });
    }
  };

  return (
    <SlideDrawer open={open} onClose={onClose} placement="right" size={size} title={step.name === 'crop' ? texts.cropTitle : texts.pickTitle}>
      <Flex vertical gap="middle">
        {error ? <Alert type="error" showIcon message={error} /> : null}
        {step.name === 'pick' ? (
          <FileDrop onFile={onFile} accept={IMAGE_ACCEPT} prompt={IMAGE_DROP_PROMPTS[kind]} />
        ) : null}
        {step.name === 'reading' || step.name === 'uploading' ? (
          <Flex role="status" vertical align="center" gap={token.marginSM} className={styles.busy}>
            <LoaderIcon type="spinnerWithPulse" size={40} label={texts.uploadingLabel} />
            <Typography.Text type="secondary">{texts.uploading}</Typography.Text>
          </Flex>
        ) : null}
        {step.name === 'crop' ? (
          <>
            <Cropper
              ref={cropper}
              src={step.source}
              aspectRatio={cropAspectRatio(kind)}
              viewMode={1}
              autoCropArea={1}
              background={false}
              guides
              className={styles.cropper}
              alt={`${title} to crop`}
            />
            <Flex justify="flex-end" gap="small">
              <Button onClick={() => setStep({ name: 'pick' })}>Back</Button>
              <Button type="primary" onClick={() => void crop()}>
                {texts.cropButton}
              </Button>
            </Flex>
          </>
        ) : null}
      </Flex>
    </SlideDrawer>
  );
}
