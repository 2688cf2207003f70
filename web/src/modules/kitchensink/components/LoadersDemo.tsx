import { Flex, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactElement } from 'react';
import { AppButton } from '../../ui/components/AppButton';
import { LoaderIcon } from '../../widgets/components/LoaderIcon';
import { LOADER_TYPES } from '../../widgets/constants/widgetConstants';
import { DemoBlock, DemoSection } from './DemoSection';

const useStyles = createStyles(({ token, css }) => ({
  type: css`
    && {
      width: 184px;
      padding: ${token.padding}px;
      border: 1px solid ${token.colorBorderSecondary};
      border-radius: ${token.borderRadius}px;
    }
  `,
  name: css`
    && {
      white-space: nowrap;
    }
  `,
}));

/** The five loader icon types, alone and inside buttons. */
export function LoadersDemo(): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  return (
    <DemoSection title="Loaders" description="Loader icon types: spinner, spinnerWithPulse, circle, refresh and cog.">
      <DemoBlock title="Types">
        <Flex gap={token.marginLG} wrap role="list" aria-label="Loader types">
          {LOADER_TYPES.map((type) => (
            <Flex
              key={type}
              vertical
              align="center"
              gap={token.marginSM}
              role="listitem"
              className={styles.type}
            >
              <LoaderIcon type={type} size={32} label={`Loading (${type})`} />
              <Typography.Text code className={styles.name}>
                {type}
              </Typography.Text>
            </Flex>
          ))}
        </Flex>
      </DemoBlock>
      <DemoBlock title="Sizes and colours">
        <Flex gap={token.marginLG} align="center" wrap>
          <LoaderIcon type="spinner" size={16} />
          <LoaderIcon type="spinner" size={24} />
          <LoaderIcon type="circle" size={40} />
          <LoaderIcon type="refresh" size={24} color={token.colorSuccess} />
          <LoaderIcon type="cog" size={24} color={token.colorWarning} />
        </Flex>
      </DemoBlock>
      <DemoBlock title="In buttons">
        <Flex gap="small" wrap>
          <AppButton kind="primary" icon={<LoaderIcon type="spinner" size={14} color="currentColor" label="Saving" />}>
            Saving
          </AppButton>
          <AppButton kind="success" icon={<LoaderIcon type="refresh" size={14} color="currentColor" label="Syncing" />}>
            Syncing
          </AppButton>
          <AppButton kind="warning" appearance="outlined" icon={<LoaderIcon type="cog" size={14} color="currentColor" label="Processing" />}>
            Processing
          </AppButton>
          <AppButton kind="danger" appearance="outlined" icon={<LoaderIcon type="circle" size={14} color="currentColor" label="Deleting" />}>
            Deleting
          </AppButton>
        </Flex>
      </DemoBlock>
    </DemoSection>
  );
}
