import { CameraOutlined } from '@ant-design/icons';
import { isValidUserName, MESSAGES } from '@app/validation';
import { Alert, Button, Flex, Form, Space, Typography } from 'antd';
import { type ReactElement, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { serverMessage } from '../../api/apiError';
import { useDialogFormStyles } from '../../theme/dialogFormStyles';
import { useDuplicateCheck } from '../../settings/hooks/useDuplicateCheck';
import { SlideDrawer } from '../../widgets/components/SlideDrawer';
import { type ImageKind, type ProfileView, profilesApi } from '../api/profilesApi';
import { useFormState } from '../hooks/useFormState';
import { canSaveProfile, editProfileErrors, type EditProfileField, type EditProfileVariant, editValuesFrom, updateBodyOf } from '../logic/editProfileForm';
import { FormField } from './FormField';

export const EDIT_PROFILE_TITLE = 'Edit User Profile';
export const CREDENTIALS_NOTE = 'Mobile # and email are changed in Settings, under the Log In Credentials tab.';

type EditProfileDrawerProps = {
  /** The admin profile's drawer checks the display name as longer than 2 characters. */
  variant?: EditProfileVariant;
  open: boolean;
  profile: ProfileView;
  onClose: () => void;
  /** The profile was saved: reload it. */
  onSaved: () => void;
  /** Opens the banner or avatar upload. */
  onChangeImage: (kind: ImageKind) => void;
};

/**
 * 'Edit User Profile' (320 px): opening copies the profile's values, closing resets them, Save
 * Changes (enabled only when every §5 rule holds) saves, reloads and closes.
 */
export function EditProfileDrawer({ open, profile, onClose, onSaved, onChangeImage, variant = 'user' }: EditProfileDrawerProps): ReactElement {
  const { styles: formStyles } = useDialogFormStyles();
  const form = useFormState(editValuesFrom(profile));
  const { values, edited, set, reset } = form;
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (open) reset(editValuesFrom(profile));
    setFailure(null);
    // Copy the values each time the drawer opens; a reload while open does not overwrite typing.
  }, [open]);

  const userName = values.userName.trim();
  const taken = useDuplicateCheck(userName, (v) => isValidUserName(v) && v !== profile.userName, profilesApi.userNameExists, 'userName');
  const errors = editProfileErrors(values, variant);
  const shown = (field: EditProfileField): string | null => (edited.has(field) ? (errors[field] ?? null) : null);
  const userNameMessage = shown('userName') ?? (taken === true ? MESSAGES.userNameTaken : null);
  const canSave = !saving && canSaveProfile(values, profile.userName, taken, variant);

  const close = () => {
    reset(editValuesFrom(profile));
    onClose();
  };

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      await profilesApi.updateUserProfile(updateBodyOf(profile._id, values));
      onSaved();
      onClose();
    } catch (error) {
      setFailure(serverMessage(error) ?? 'The profile could not be saved');
    } finally {
      setSaving(false);
    }
  };

  const field = (name: EditProfileField, label: string, options: { required?: boolean; multiline?: boolean; maxLength?: number } = {}) => (
    <FormField label={label} value={values[name]} onChange={(value) => set(name, value)} error={name === 'userName' ? userNameMessage : shown(name)} {...options} />
  );

  return (
    <SlideDrawer
      open={open}
      onClose={close}
      placement="right"
      size="profile"
      title={EDIT_PROFILE_TITLE}
      footer={
        <Flex justify="flex-end" gap="small">
          <Button onClick={close}>Cancel</Button>
          <Button type="primary" disabled={!canSave} loading={saving} onClick={() => void save()}>
            Save Changes
          </Button>
        </Flex>
      }
    >
      <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()} requiredMark={false}>
        <Space className={formStyles.block} wrap>
          <Button icon={<CameraOutlined />} onClick={() => onChangeImage('banner')}>
            Change Banner
          </Button>
          <Button icon={<CameraOutlined />} onClick={() => onChangeImage('avatar')}>
            Change Avatar
          </Button>
        </Space>
        {field('displayName', 'Display Name', { required: true, maxLength: 40 })}
        {field('userName', 'User Name', { required: true, maxLength: 20 })}
        {field('organization', 'Organization', { maxLength: 200 })}
        {field('street', 'Street', { required: true })}
        {field('suite', 'Suite', { maxLength: 50 })}
        {field('city', 'City', { required: true })}
        {field('state', 'State', { required: true, maxLength: 2 })}
        {field('zip', 'Zip', { required: true, maxLength: 10 })}
        {field('phone', 'Phone', { required: true })}
        {field('fax', 'Fax')}
        {field('website', 'Website')}
        {field('profileDescription', 'Profile Description', { multiline: true, maxLength: 5000 })}
        <Typography.Paragraph type="secondary" className={formStyles.note}>
          {CREDENTIALS_NOTE.replace(' under the Log In Credentials tab.', '')} under the{' '}
          <Link to="/settings/loginCredentials">Log In Credentials</Link> tab.
        </Typography.Paragraph>
        {failure ? <Alert type="error" showIcon message={failure} /> : null}
      </Form>
    </SlideDrawer>
  );
}
