import { Button, Flex, theme } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactElement } from 'react';
import { AlertHeaderIcon, useAlertAccentColor } from '../../alerts/components/AlertHeaderIcon';
import { useAlerts } from '../../alerts/hooks/useAlerts';
import type { AlertHeaderIcon as AlertHeaderIconName } from '../../alerts/types/alert';
import { Toast } from '../../widgets/components/Toast';
import { DemoBlock, DemoSection } from './DemoSection';

const useStyles = createStyles(({ token, css }) => ({
  variants: css`
    && {
      background: ${token.colorBgLayout};
      padding: ${token.padding}px;
      border-radius: ${token.borderRadius}px;
    }
  `,
}));

const SAMPLES: ReadonlyArray<{ icon: AlertHeaderIconName; header: string; body: string; timestamp: boolean }> = [
  { icon: 'success', header: 'Practice saved', body: 'Bayou Family Medicine is up to date.', timestamp: true },
  { icon: 'warning', header: 'License expires soon', body: 'The Texas medical license of Dr. Rivera expires in 30 days.', timestamp: true },
  { icon: 'error', header: 'Upload failed', body: 'The file could not be read. Try another file.', timestamp: false },
  { icon: 'info', header: 'New message', body: 'Dana Lee sent you a message.', timestamp: false },
];

function SampleToast({ sample }: { sample: (typeof SAMPLES)[number] }): ReactElement {
  const accent = useAlertAccentColor(sample.icon);
  return (
    <Toast icon={<AlertHeaderIcon icon={sample.icon} />} accentColor={accent} headerText={sample.header} onClose={() => undefined} timestamp={sample.timestamp ? new Date() : undefined}>
      {sample.body}
    </Toast>
  );
}

/** Toasts: header icon and text, body, close button and an optional date and time footer. */
export function ToastsDemo(): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  const { pushAlert } = useAlerts();
  return (
    <DemoSection
      title="Toasts"
      description="A toast is 304 px wide, fixed at the right edge above everything else: a header icon and text, the body, a close button and an optional footer with the date, time and UTC offset."
    >
      <DemoBlock title="Show a toast">
        <Flex gap="small" wrap>
          {SAMPLES.map((sample) => (
            <Button
              key={sample.icon}
              onClick={() =>
                pushAlert({
                  headerText: sample.header,
                  bodyText: sample.body,
                  headerIcon: sample.icon,
                  showTimestamp: sample.timestamp,
                  autoDismiss: true,
                  autoDismissTime: 8000,
                })
              }
            >
              {sample.header}
            </Button>
          ))}
        </Flex>
      </DemoBlock>
      <DemoBlock title="Variants">
        <Flex gap={token.margin} wrap align="flex-start" className={styles.variants}>
          {SAMPLES.map((sample) => (
            <SampleToast key={sample.icon} sample={sample} />
          ))}
        </Flex>
      </DemoBlock>
    </DemoSection>
  );
}
