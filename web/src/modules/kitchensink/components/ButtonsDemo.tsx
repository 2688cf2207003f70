import { DownloadOutlined } from '@ant-design/icons';
import { Space } from 'antd';
import type { ReactElement } from 'react';
import { APP_BUTTON_KINDS, AppButton, type AppButtonKind } from '../../ui/components/AppButton';
import { DemoBlock, DemoSection } from './DemoSection';

const LABELS: Record<AppButtonKind, string> = {
  primary: 'Primary',
  warning: 'Warning',
  success: 'Success',
  danger: 'Danger',
  error: 'Error',
};

/** The five button types in their solid, outlined, disabled and loading forms. */
export function ButtonsDemo(): ReactElement {
  return (
    <DemoSection title="Buttons" description="Button types: primary, warning, success, danger and error.">
      <DemoBlock title="Solid">
        <Space wrap>
          {APP_BUTTON_KINDS.map((kind) => (
            <AppButton key={kind} kind={kind}>
              {LABELS[kind]}
            </AppButton>
          ))}
        </Space>
      </DemoBlock>
      <DemoBlock title="Outlined">
        <Space wrap>
          {APP_BUTTON_KINDS.map((kind) => (
            <AppButton key={kind} kind={kind} appearance="outlined">
              {LABELS[kind]}
            </AppButton>
          ))}
        </Space>
      </DemoBlock>
      <DemoBlock title="Disabled, loading and with an icon">
        <Space wrap>
          <AppButton kind="primary" disabled>
            Disabled
          </AppButton>
          <AppButton kind="success" loading>
            Saving
          </AppButton>
          <AppButton kind="primary" icon={<DownloadOutlined />}>
            Download
          </AppButton>
        </Space>
      </DemoBlock>
    </DemoSection>
  );
}
