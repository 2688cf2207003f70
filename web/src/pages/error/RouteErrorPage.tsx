import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { ReactElement } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useDocumentTitle } from '../../modules/layout/hooks/useDocumentTitle';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { useMessagePageStyles } from '../not-found/messagePageStyles';

/** Shown inside the shell when a screen fails to render or load. */
export function RouteErrorPage(): ReactElement {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  const { styles } = useMessagePageStyles();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <main className={styles.main}>
      <Result
        status="error"
        title="Something went wrong"
        subTitle="This screen could not be shown. Reload the page to try again."
        extra={
          <Button type="primary" icon={<ReloadOutlined />} onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      />
    </main>
  );
}
