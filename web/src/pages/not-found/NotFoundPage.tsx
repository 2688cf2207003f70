import { HomeOutlined } from '@ant-design/icons';
import { Result, Typography } from 'antd';
import type { ReactElement } from 'react';
import { useDocumentTitle } from '../../modules/layout/hooks/useDocumentTitle';
import { RouterLinkButton } from '../../modules/ui/components/RouterLinkButton';
import { useMessagePageStyles } from './messagePageStyles';

/** Any unknown client route. */
export function NotFoundPage(): ReactElement {
  useDocumentTitle('Page not found');
  const { styles } = useMessagePageStyles();
  return (
    <main className={styles.main}>
      <Result
        status="404"
        title={
          <Typography.Title level={1} className={styles.title}>
            Page not found
          </Typography.Title>
        }
        subTitle="The page you asked for does not exist or has moved."
        extra={
          <RouterLinkButton to="/" type="primary" icon={<HomeOutlined />}>
            Back to home
          </RouterLinkButton>
        }
      />
    </main>
  );
}
