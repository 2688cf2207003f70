import { Alert, App, Button, Col, Flex, Form, Input, Row, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { useAtom, useSetAtom } from 'jotai';
import { type ReactElement, useCallback, useEffect, useMemo, useState } from 'react';
import { isApiError } from '../../api';
import { SampleDataTag } from '../../registry';
import { useDialogFormStyles } from '../../theme/dialogFormStyles';
import { useConfirmDiscard } from '../../ui/hooks/useConfirmDiscard';
import { SlideDrawer } from '../../widgets';
import { facilitiesApi } from '../api/facilitiesApi';
import { ADD_BUTTON_TEXT, ADD_FACILITY_PLACEHOLDER, CREATE_DRAWER_TITLE, EDIT_DRAWER_TITLE, SAVE_BUTTON_TEXT } from '../logic/facilityConstants';
import { draftErrors, EMPTY_DRAFT, payloadOf } from '../logic/facilityForm';
import { CLOSED_FACILITY_DRAWER, facilityDrawerAtom } from '../state/facilityDrawerAtom';
import { facilitiesReloadAtom } from '../state/facilitiesReloadAtom';
import type { FacilityDraft, FacilityField } from '../types/facility';

const useStyles = createStyles(({ css }) => ({
  section: css`
    &.ant-typography {
      margin-top: 0;
    }
  `,
}));

type FieldSpec = { field: FacilityField; label: string; placeholder?: string; autoComplete?: string; maxLength?: number };

const NAME_FIELDS: FieldSpec[] = [
  { field: 'contactPersonFirstName', label: 'First Name', autoComplete: 'given-name', maxLength: 60 },
  { field: 'contactPersonMiddleName', label: 'Middle Name', autoComplete: 'additional-name', maxLength: 60 },
  { field: 'contactPersonLastName', label: 'Last Name', autoComplete: 'family-name', maxLength: 60 },
];

const PHONE_FIELDS: FieldSpec[] = [
  { field: 'mobile', label: 'Mobile #', placeholder: 'xxx-xxx-xxxx', autoComplete: 'tel' },
  { field: 'phone', label: 'Phone #', placeholder: 'xxx-xxx-xxxx', autoComplete: 'tel' },
  { field: 'fax', label: 'Fax #', placeholder: 'xxx-xxx-xxxx' },
];

/** The payload field a server error names, as the form's field. */
function formFieldOf(field: string | undefined): FacilityField | undefined {
  if (!field) return undefined;
  return field in EMPTY_DRAFT ? (field as FacilityField) : undefined;
}

/**
 * The 500 px 'Create New Facility Profile' drawer (spec §2): NPI #, the contact's names, the
 * mailing address (organization, street, suite, city, state, zip), email and the phones, and
 * 'Add Facility', enabled once the form is valid. Edit Record opens it on a listed facility
 * ('Save Facility'; the NPI stays). A refusal of the server is shown on its field (or above
 * the button); success closes and resets the drawer and reloads the grid.
 */
export function FacilityDrawer(): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  const { styles: formStyles } = useDialogFormStyles();
  const { message } = App.useApp();
  const [state, setState] = useAtom(facilityDrawerAtom);
  const reload = useSetAtom(facilitiesReloadAtom);
  const [draft, setDraft] = useState<FacilityDraft>(state.draft);
  const [touched, setTouched] = useState<Partial<Record<FacilityField, boolean>>>({});
  const [serverError, setServerError] = useState<{ field?: FacilityField; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  // Every opening starts from the drawer's draft.
  useEffect(() => {
    setDraft(state.draft);
    setTouched(Object.fromEntries(Object.entries(state.draft).filter(([, value]) => value !== '').map(([key]) => [key, true])));
    setServerError(null);
  }, [state.version, state.draft]);

  const errors = useMemo(() => draftErrors(draft), [draft]);
  const valid = Object.keys(errors).length === 0;
  const editing = state.mode === 'edit';

  const close = useCallback(() => setState((current) => ({ ...CLOSED_FACILITY_DRAWER, version: current.version + 1 })), [setState]);
  // Escape, the mask or the close icon ask before dropping unsaved input (what differs from what the drawer opened with).
  const dirty = (Object.keys(draft) as FacilityField[]).some((field) => draft[field] !== state.draft[field]);
  const requestClose = useConfirmDiscard(state.open && dirty, close);

  const change = (field: FacilityField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (serverError?.field === field || !serverError?.field) setServerError(null);
  };

  const errorOf = (field: FacilityField): string | undefined => {
    if (serverError?.field === field) return serverError.message;
    return touched[field] ? errors[field] : undefined;
  };

  const submit = async () => {
    if (!valid || saving) return;
    setSaving(true);
    setServerError(null);
    try {
      const payload = payloadOf(draft);
      if (editing && state.facility) await facilitiesApi.update(state.facility._id, payload);
      else await facilitiesApi.add(payload);
      message.success(editing ? 'Facility saved' : 'Facility added');
      close();
      reload((count) => count + 1);
    } catch (error) {
      const text = isApiError(error) ? error.message : 'The facility could not be saved';
      setServerError({ field: isApiError(error) ? formFieldOf(error.field) : undefined, message: text });
    } finally {
      setSaving(false);
    }
  };

  const input = ({ field, label, placeholder, autoComplete, maxLength }: FieldSpec, extra?: { disabled?: boolean; upper?: boolean }) => {
    const error = errorOf(field);
    return (
      <Form.Item label={label} validateStatus={error ? 'error' : undefined} help={error} className={formStyles.item}>
        <Input
          aria-label={label}
          name={field}
          value={draft[field]}
          placeholder={placeholder}
          autoComplete={autoComplete}
          maxLength={maxLength ?? 120}
          disabled={extra?.disabled}
          onChange={(event) => change(field, extra?.upper ? event.target.value.toUpperCase() : event.target.value)}
          onBlur={() => setTouched((current) => ({ ...current, [field]: true }))}
        />
      </Form.Item>
    );
  };

  return (
    <SlideDrawer
      open={state.open}
      onClose={requestClose}
      // The opener (a search result's link) is gone once the drawer closes: the focus goes back to the search box.
      returnFocusTo={() => document.querySelector<HTMLElement>(`[role="combobox"][aria-label="${ADD_FACILITY_PLACEHOLDER}"]`)}
      placement="right"
      size="facility"
      title={
        <Flex component="span" align="center" gap={token.marginXS} wrap>
          {editing ? EDIT_DRAWER_TITLE : CREATE_DRAWER_TITLE}
          <SampleDataTag show={state.sampleData} />
        </Flex>
      }
      footer={
        <Flex vertical gap={token.marginXS}>
          {serverError && !serverError.field ? <Alert type="error" showIcon message={serverError.message} /> : null}
          <Button type="primary" block disabled={!valid} loading={saving} onClick={() => void submit()}>
            {editing ? SAVE_BUTTON_TEXT : ADD_BUTTON_TEXT}
          </Button>
        </Flex>
      }
    >
      <Form layout="vertical" requiredMark={false} onFinish={() => void submit()} aria-label={editing ? EDIT_DRAWER_TITLE : CREATE_DRAWER_TITLE}>
        {input({ field: 'npi', label: 'NPI #', placeholder: '10 digits', maxLength: 10 }, { disabled: editing })}
        <Row gutter={token.marginXS}>
          {NAME_FIELDS.map((spec) => (
            <Col span={8} key={spec.field}>
              {input(spec)}
            </Col>
          ))}
        </Row>
        <Typography.Title level={5} className={styles.section}>
          Mailing Address
        </Typography.Title>
        {input({ field: 'mailingAddressOrgName', label: 'Organization if applicable', autoComplete: 'organization' })}
        <Row gutter={token.marginXS}>
          <Col span={16}>{input({ field: 'mailingAddressStreet', label: 'Street', autoComplete: 'address-line1' })}</Col>
          <Col span={8}>{input({ field: 'mailingAddressSuite', label: 'Suite', autoComplete: 'address-line2', maxLength: 60 })}</Col>
        </Row>
        <Row gutter={token.marginXS}>
          <Col span={12}>{input({ field: 'mailingAddressCity', label: 'City', autoComplete: 'address-level2', maxLength: 60 })}</Col>
          <Col span={5}>{input({ field: 'mailingAddressState', label: 'State', autoComplete: 'address-level1', maxLength: 2 }, { upper: true })}</Col>
          <Col span={7}>{input({ field: 'mailingAddressZip', label: 'Zip', autoComplete: 'postal-code', maxLength: 10 })}</Col>
        </Row>
        {input({ field: 'email', label: 'Email', autoComplete: 'email', maxLength: 254 })}
        <Row gutter={token.marginXS}>
          {PHONE_FIELDS.map((spec) => (
            <Col span={8} key={spec.field}>
              {input(spec)}
            </Col>
          ))}
        </Row>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </SlideDrawer>
  );
}
