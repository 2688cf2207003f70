import { BankOutlined, CameraOutlined, SearchOutlined } from '@ant-design/icons';
import { isValidEmail, isValidUserName, MESSAGES } from '@app/validation';
import { Alert, App, Avatar, Button, Flex, Form, Input, Tabs, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, useEffect, useState } from 'react';
import { serverMessage } from '../../api/apiError';
import { FormField } from '../../profiles/components/FormField';
import { PracticeImageDrawer } from './PracticeImageDrawer';
import { type ImageKind, profilesApi } from '../../profiles/api/profilesApi';
import { useFormState } from '../../profiles/hooks/useFormState';
import { useDuplicateCheck } from '../../settings/hooks/useDuplicateCheck';
import { SlideDrawer } from '../../widgets/components/SlideDrawer';
import { practicesApi, type PracticeProfile, type RegistryResult } from '../api/practicesApi';
import {
  addBodyOf,
  addOwner,
  canSubmit,
  CREATE_BUTTON,
  CREATE_TITLE,
  DESCRIPTION_PLACEHOLDER,
  EDIT_TITLE,
  EMAIL_HINT,
  EMPTY_PRACTICE_VALUES,
  NPI_SEARCH_TITLE,
  type OwnerCard,
  ownersOf,
  type PracticeField,
  practiceErrors,
  prefillFromRegistry,
  PRACTICE_ADDED,
  REQUIRED_FIELDS,
  SAVE_BUTTON,
  updateBodyOf,
  valuesOf,
} from '../logic/practiceForm';
import { PracticeNpiSearchDialog } from './PracticeNpiSearchDialog';
import { PracticeOwners } from './PracticeOwners';
import { useConfirmDiscard } from '../../ui/hooks/useConfirmDiscard';

type Props = {
  open: boolean;
  onClose: () => void;
  /** Create: the new practice's drawer; edit: the practice whose values it copies. */
  practice?: PracticeProfile | null;
  /** Saved: reload the list or the practice. */
  onSaved: () => void;
};

type Tab = 'info' | 'owners';

const useStyles = createStyles(({ token, css }) => ({
  banner: css`
    position: relative;
    height: 60px;
    margin-bottom: ${token.marginSM}px;
    border-radius: ${token.borderRadius}px;
  `,
  bannerCamera: css`
    && {
      position: absolute;
      right: ${token.paddingXS}px;
      top: 14px;
    }
  `,
  item: css`
    && {
      margin-bottom: ${token.marginSM}px;
    }
  `,
  heading: css`
    && {
      display: block;
      margin-bottom: ${token.marginXXS}px;
    }
  `,
  failure: css`
    && {
      margin-top: ${token.marginXS}px;
    }
  `,
}));

/**
 * 'Create Practice Profile' (master admin) and the practice profile's 'Edit Profile' drawer (358
 * px, the whole window at 700 px or narrower): tabs Practice Info and Practice Owners,
 * '*Required fields'. The button is enabled only when every rule of §5 holds; user name (and on
 * create the email) are checked unused 300 ms after typing stops. Closing resets everything; a
 * successful create closes (reset) with a toast and reloads the list, a save closes and reloads the practice.
 */
export function PracticeDrawer({ open, onClose, practice, onSaved }: Props): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  const { message } = App.useApp();
  const mode = practice ? 'edit' : 'create';
  const { values, edited, set, reset, fill } = useFormState(EMPTY_PRACTICE_VALUES);
  const [owners, setOwners] = useState<OwnerCard[]>([]);
  const [deleted, setDeleted] = useState<string[]>([]);
  const [tab, setTab] = useState<Tab>('info');
  const [ownersTouched, setOwnersTouched] = useState(false);
  const [searching, setSearching] = useState(false);
  const [upload, setUpload] = useState<ImageKind | null>(null);
  const [uploadKind, setUploadKind] = useState<ImageKind>('avatar');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // Each opening starts afresh (the owner search text too).
  const [openings, setOpenings] = useState(0);
  useEffect(() => {
    if (!open) setOpenings((n) => n + 1);
  }, [open]);
  // Unsaved input is not thrown away silently: closing asks first.
  const dirty =
    mode === 'create'
      ? owners.length > 0 || (Object.keys(values) as PracticeField[]).some((f) => values[f] !== EMPTY_PRACTICE_VALUES[f])
      : edited.size > 0 || deleted.length > 0;
  const requestClose = useConfirmDiscard(dirty, onClose);

  useEffect(() => {
    if (open && practice) {
      reset(valuesOf(practice));
      setOwners(ownersOf(practice));
    } else if (!open) {
      reset(EMPTY_PRACTICE_VALUES);
      setOwners([]);
    }
    setDeleted([]);
    setTab('info');
    setOwnersTouched(false);
    setFailure(null);
  }, [open, practice, reset]);

  const userNameChanged = !practice || values.userName.trim().toLowerCase() !== practice.userName.toLowerCase();
  const userNameTaken = useDuplicateCheck(values.userName.trim(), (v) => userNameChanged && isValidUserName(v), practicesApi.userNameExists);
  const emailTaken = useDuplicateCheck(values.email.trim(), (v) => mode === 'create' && isValidEmail(v), practicesApi.emailExists);
  const errors = practiceErrors(values, mode);
  // A message shows once a field was edited, or at once for a filled-in (prefilled) value that breaks a rule.
  const shown = (f: PracticeField): string | null => (edited.has(f) || values[f].trim() !== '' ? (errors[f] ?? null) : null);
  const messages: Partial<Record<PracticeField, string | null>> = {
    userName: shown('userName') ?? (userNameTaken && userNameChanged ? MESSAGES.userNameTaken : null),
    email: shown('email') ?? (emailTaken ? MESSAGES.emailInUse : null),
  };
  const valid = canSubmit(values, owners, mode, { userName: !!userNameTaken && userNameChanged, email: !!emailTaken });

  const pick = (r: RegistryResult) => {
    const prefill = prefillFromRegistry(r);
    fill(prefill);
    setSearching(false);
    const organisation = r.basic.organization_name;
    if (organisation && organisation.trim().length >= 2) {
      practicesApi
        .suggestUserName(organisation)
        .then((userName) => {
          if (userName.length >= 2) fill({ userName });
        })
        .catch(() => undefined);
    }
  };

  const submit = async () => {
    setSaving(true);
    setFailure(null);
    try {
      if (practice) {
        await practicesApi.updatePractice(updateBodyOf(practice._id, values, owners, deleted));
        onSaved();
        onClose();
      } else {
        await practicesApi.addPractice(addBodyOf(values, owners));
        message.success(PRACTICE_ADDED);
        reset(EMPTY_PRACTICE_VALUES);
        setOwners([]);
        setTab('info');
        setOpenings((n) => n + 1);
        onSaved();
        onClose();
      }
    } catch (error) {
      setFailure(serverMessage(error) ?? 'The practice could not be saved');
    } finally {
      setSaving(false);
    }
  };

  const field = (name: PracticeField, label: string, options: { required?: boolean; multiline?: boolean; maxLength?: number; placeholder?: string; disabled?: boolean } = {}) => (
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

  const info = (
    <Form layout="vertical" requiredMark={false} onSubmitCapture={(e) => e.preventDefault()}>
      {mode === 'create' ? (
        <div
          aria-label="Banner"
          className={styles.banner}
          // Run time: the uploaded banner's URL.
          style={{ background: values.bannerImageUrl ? `center / cover no-repeat url(${values.bannerImageUrl})` : token.colorFillSecondary }}
        >
          <Button shape="circle" icon={<CameraOutlined />} aria-label="Upload Profile Banner" onClick={() => openUpload('banner')} className={styles.bannerCamera} />
        </div>
      ) : null}
      <Form.Item label="NPI*" className={styles.item} colon={false} validateStatus={shown('npi') ? 'error' : undefined} help={shown('npi') || undefined}>
        <Input
          aria-label="NPI"
          value={values.npi}
          readOnly
          placeholder={mode === 'create' ? NPI_SEARCH_TITLE : undefined}
          disabled={mode === 'edit'}
          onClick={() => mode === 'create' && setSearching(true)}
          suffix={mode === 'create' ? <SearchOutlined onClick={() => setSearching(true)} aria-label={NPI_SEARCH_TITLE} /> : null}
        />
      </Form.Item>
      {field('practiceName', 'Practice Name', { required: true, maxLength: 200, disabled: mode === 'edit' })}
      {mode === 'create' ? (
        <Flex align="center" gap={token.marginXS} className={styles.item}>
          <Avatar size={48} src={values.avatarImageUrl || undefined} icon={<BankOutlined />} alt="" />
          <Button icon={<CameraOutlined />} onClick={() => openUpload('avatar')}>
            Avatar
          </Button>
        </Flex>
      ) : null}
      {field('displayName', 'Display Name', { required: true, maxLength: 40 })}
      {field('userName', 'Username', { required: true, maxLength: 20 })}
      <Typography.Text strong className={styles.heading}>
        Mailing Address*
      </Typography.Text>
      {field('street', 'Street', { required: true })}
      {field('suite', 'Suite', { maxLength: 50 })}
      {field('city', 'City', { required: true })}
      {field('state', 'State', { required: true, maxLength: 2 })}
      {field('zip', 'Zip', { required: true, maxLength: 10 })}
      {mode === 'create' ? (
        field('email', 'Email', { required: true })
      ) : (
        <Form.Item label="Email" help={EMAIL_HINT} className={styles.item} colon={false}>
          <Input aria-label="Email" value={values.email} disabled />
        </Form.Item>
      )}
      {field('phone', 'Phone #', { required: mode === 'create', placeholder: 'xxx-xxx-xxxx' })}
      {field('fax', 'Fax #', { placeholder: 'xxx-xxx-xxxx' })}
      {field('website', 'Website')}
      {field('profileDescription', 'Profile Description', { multiline: true, maxLength: 5000, placeholder: DESCRIPTION_PLACEHOLDER })}
    </Form>
  );

  return (
    <SlideDrawer
      open={open}
      onClose={requestClose}
      placement="right"
      size="practice"
      title={mode === 'create' ? CREATE_TITLE : EDIT_TITLE}
      footer={
        <Flex align="center" justify="space-between" gap={token.marginXS}>
          <Typography.Text type="secondary">{REQUIRED_FIELDS}</Typography.Text>
          <Button type="primary" disabled={!valid || saving} loading={saving} onClick={() => void submit()}>
            {mode === 'create' ? CREATE_BUTTON : SAVE_BUTTON}
          </Button>
        </Flex>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as Tab);
          if (key === 'owners') setOwnersTouched(true);
        }}
        items={[
          { key: 'info', label: 'Practice Info', children: info },
          {
            key: 'owners',
            label: 'Practice Owners',
            children: (
              <PracticeOwners
                key={openings}
                owners={owners}
                showError={ownersTouched}
                onAdd={(o) => {
                  setOwners((list) => addOwner(list, o));
                  setDeleted((list) => list.filter((id) => id !== o.id));
                }}
                onChangeAccessType={(id, accessType) => setOwners((list) => list.map((o) => (o.id === id ? { ...o, accessType } : o)))}
                onRemove={(id) => {
                  setOwners((list) => list.filter((o) => o.id !== id));
                  if (practice?.users.some((u) => u.id === id)) setDeleted((list) => [...new Set([...list, id])]);
                }}
              />
            ),
          },
        ]}
      />
      {failure ? <Alert type="error" showIcon message={failure} className={styles.failure} /> : null}
      <PracticeNpiSearchDialog open={searching} onClose={() => setSearching(false)} onPick={pick} />
      <PracticeImageDrawer open={upload !== null} kind={uploadKind} onClose={() => setUpload(null)} onCropped={uploadImage} />
    </SlideDrawer>
  );
}
