import { CameraOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import { isValidEmail, isValidUserName, MESSAGES, normalizeAccountMobile } from '@app/validation';
import { Alert, Avatar, Button, Checkbox, Flex, Form, Space, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, useEffect, useState } from 'react';
import { ApiError, serverMessage } from '../../api/apiError';
import { FormField } from '../../profiles/components/FormField';
import { ImageUploadDrawer } from '../../profiles/components/ImageUploadDrawer';
import { type ImageKind, profilesApi, type RegistryResult } from '../../profiles/api/profilesApi';
import { useFormState } from '../../profiles/hooks/useFormState';
import { useDuplicateCheck } from '../../settings/hooks/useDuplicateCheck';
import { useDialogFormStyles } from '../../theme/dialogFormStyles';
import { useConfirmDiscard } from '../../ui/hooks/useConfirmDiscard';
import { SlideDrawer } from '../../widgets/components/SlideDrawer';
import {
  addUser2BodyOf,
  addUserBodyOf,
  canCreate,
  CREATE_TITLES,
  type CreateField,
  createErrors,
  type CreateVariant,
  EMPTY_CREATE_VALUES,
  prefillFromRegistry,
} from '../logic/createUserForm';
import { NPI_SEARCH_TITLE, NpiSearchDialog } from './NpiSearchDialog';

const useStyles = createStyles(({ token, css }) => ({
  picked: css`
    margin-top: ${token.marginXS}px;
    padding: ${token.paddingXS}px;
    background: ${token.colorFillQuaternary};
    border-radius: ${token.borderRadius}px;
  `,
}));

type CreateUserDrawerProps = {
  open: boolean;
  variant: CreateVariant;
  onClose: () => void;
  /** A user was created: reload the list. */
  onCreated: () => void;
};

const usMobile = (v: string) => normalizeAccountMobile(v.trim()) ?? '';

/**
 * 'Create User Profile' (addUser2) and 'Create New Provider Profile' (addUser): the NPI search
 * popup prefills names, display name, credentials and specialty (and a suggested user name);
 * user name, email and mobile are checked unused 300 ms after typing stops; the button is
 * enabled only when the form is valid. Closing resets every field; creating reloads the list.
 */
export function CreateUserDrawer({ open, variant, onClose, onCreated }: CreateUserDrawerProps): ReactElement {
  const { styles } = useStyles();
  const { styles: formStyles } = useDialogFormStyles();
  const { values, edited, set, reset, fill } = useFormState(EMPTY_CREATE_VALUES);
  const [isProvider, setIsProvider] = useState(variant === 'addUser');
  const [searching, setSearching] = useState(false);
  const [upload, setUpload] = useState<ImageKind | null>(null);
  const [uploadKind, setUploadKind] = useState<ImageKind>('avatar');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const { title, button } = CREATE_TITLES[variant];
  const provider = variant === 'addUser' || isProvider;
  // Escape, the mask or the close icon ask before dropping what was entered.
  const dirty = (Object.keys(values) as Array<keyof typeof values>).some((field) => values[field] !== EMPTY_CREATE_VALUES[field]);
  const requestClose = useConfirmDiscard(open && dirty, onClose);

  useEffect(() => {
    if (open) return;
    reset(EMPTY_CREATE_VALUES);
    setIsProvider(variant === 'addUser');
    setFailure(null);
    setRequestId(crypto.randomUUID());
  }, [open, reset, variant]);

  const userNameTaken = useDuplicateCheck(values.userName.trim(), isValidUserName, profilesApi.userNameExists, 'userName');
  const emailTaken = useDuplicateCheck(values.email.trim(), isValidEmail, profilesApi.emailExists, 'email');
  const mobileTaken = useDuplicateCheck(usMobile(values.mobile), (v) => v.startsWith('+1'), profilesApi.mobileExists, 'mobile');
  const errors = createErrors(variant, provider, values);
  const shown = (field: CreateField): string | null => (edited.has(field) ? (errors[field] ?? null) : null);
  const messages: Partial<Record<CreateField, string | null>> = {
    userName: shown('userName') ?? (userNameTaken ? MESSAGES.userNameTaken : null),
    email: shown('email') ?? (emailTaken ? MESSAGES.emailInUse : null),
    mobile: shown('mobile') ?? (mobileTaken ? MESSAGES.mobileInUse : null),
  };
  const valid = canCreate(variant, provider, values, { userName: userNameTaken, email: emailTaken, mobile: mobileTaken });

  const pick = (result: RegistryResult) => {
    const prefill = prefillFromRegistry(result);
    fill(prefill);
    setSearching(false);
    if (variant === 'addUser2' && prefill.firstName && prefill.lastName) {
      profilesApi
        .suggestUserName(prefill.firstName, prefill.lastName)
        .then((userName) => fill({ userName }))
        .catch(() => undefined);
    }
  };

  const create = async () => {
    setSaving(true);
    setFailure(null);
    try {
      if (variant === 'addUser') await profilesApi.addUser(addUserBodyOf(values, requestId));
      else await profilesApi.addUser2(addUser2BodyOf(values, provider, requestId));
      onCreated();
      onClose();
    } catch (error) {
      // A refusal (4xx) applied nothing: the corrected form is a new request with a new id. After
      // a network failure or a 5xx the same id goes again, so that a retry is recognised as one.
      if (error instanceof ApiError && error.status !== null && error.status < 500) setRequestId(crypto.randomUUID());
      setFailure(serverMessage(error) ?? 'The profile could not be created');
    } finally {
      setSaving(false);
    }
  };

  const field = (name: CreateField, label: string, options: { required?: boolean; multiline?: boolean; maxLength?: number; placeholder?: string } = {}) => (
    <FormField label={label} value={values[name]} onChange={(value) => set(name, value)} error={messages[name] !== undefined ? messages[name] : shown(name)} {...options} />
  );

  const uploadImage = async (image: Blob, fileName: string) => {
    const { fileUrl } = await profilesApi.uploadImg(image, fileName);
    fill(uploadKind === 'avatar' ? { avatarImageUrl: fileUrl } : { bannerImageUrl: fileUrl });
  };
  const openUpload = (kind: ImageKind) => {
    setUploadKind(kind);
    setUpload(kind);
  };

  return (
    <SlideDrawer
      open={open}
      onClose={requestClose}
      placement="right"
      size="profile"
      title={title}
      footer={
        <Flex align="center" justify="space-between" gap="small">
          <Typography.Text type="secondary">*Required fields</Typography.Text>
          <Button type="primary" disabled={!valid || saving} loading={saving} onClick={() => void create()}>
            {button}
          </Button>
        </Flex>
      }
    >
      <Form layout="vertical" requiredMark={false} onSubmitCapture={(e) => e.preventDefault()}>
        {variant === 'addUser2' ? (
          <Checkbox checked={isProvider} onChange={(e) => setIsProvider(e.target.checked)} className={formStyles.block}>
            Is Provider
          </Checkbox>
        ) : null}
        {provider ? (
          <div className={formStyles.block}>
            <Button icon={<SearchOutlined />} block onClick={() => setSearching(true)}>
              {NPI_SEARCH_TITLE}
            </Button>
            {values.npi ? (
              <div aria-label="Picked provider" role="group" className={styles.picked}>
                <Typography.Text strong>{[values.firstName, values.middleName, values.lastName].filter(Boolean).join(' ')}</Typography.Text>
                <div>
                  <Typography.Text type="secondary">NPI {values.npi}</Typography.Text>
                </div>
                {values.credentials || values.specialty ? <div>{[values.credentials, values.specialty].filter(Boolean).join(' · ')}</div> : null}
              </div>
            ) : (
              <Typography.Text type={edited.has('npi') ? 'danger' : 'secondary'} className={formStyles.note}>
                NPI*: pick the provider from the registry
              </Typography.Text>
            )}
          </div>
        ) : null}
        {/* 'Create New Provider Profile' lists the names too (spec 000 §2): prefilled from the NPI pick, editable. */}
        {!provider || variant === 'addUser' ? (
          <>
            {field('firstName', 'First Name', { required: true, maxLength: 100 })}
            {field('middleName', 'Middle Name', { maxLength: 100 })}
            {field('lastName', 'Last Name', { required: true, maxLength: 100 })}
          </>
        ) : null}
        {variant === 'addUser2' ? (
          <>
            <Space className={formStyles.block} wrap>
              <Avatar size={40} src={values.avatarImageUrl || undefined} icon={<UserOutlined />} alt="" />
              <Button icon={<CameraOutlined />} onClick={() => openUpload('avatar')}>
                Avatar
              </Button>
              <Button icon={<CameraOutlined />} onClick={() => openUpload('banner')}>
                {values.bannerImageUrl ? 'Banner ✓' : 'Banner'}
              </Button>
            </Space>
            {field('displayName', 'Display Name', { required: true, maxLength: 40 })}
            {field('userName', 'User Name', { required: true, maxLength: 20 })}
          </>
        ) : (
          field('organization', 'Organization', { maxLength: 200 })
        )}
        {field('street', 'Street', { required: true })}
        {field('suite', 'Suite', { maxLength: 50 })}
        {field('city', 'City', { required: true })}
        {field('state', 'State', { required: true, maxLength: 2 })}
        {field('zip', 'Zip', { required: true, maxLength: 10 })}
        {field('email', 'Email', { required: true })}
        {field('mobile', 'Mobile', { required: true, placeholder: 'xxx-xxx-xxxx' })}
        {field('phone', 'Phone', { required: true, placeholder: 'xxx-xxx-xxxx' })}
        {field('fax', 'Fax')}
        {variant === 'addUser2' ? (
          <>
            {field('website', 'Website')}
            {field('profileDescription', 'Profile Description', { multiline: true, maxLength: 5000 })}
          </>
        ) : null}
        {failure ? <Alert type="error" showIcon message={failure} /> : null}
      </Form>
      <NpiSearchDialog open={searching} onClose={() => setSearching(false)} onPick={pick} />
      <ImageUploadDrawer open={upload !== null} kind={uploadKind} onClose={() => setUpload(null)} onCropped={uploadImage} />
    </SlideDrawer>
  );
}
