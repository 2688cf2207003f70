import { Spin } from 'antd';
import type { ReactElement } from 'react';

/** Shown while a lazily loaded screen is fetched. */
export function PageLoader(): ReactElement {
  return (
    <div style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 48 }}>
      <Spin size="large" tip="Loading">
        <div style={{ width: 48, height: 48 }} />
      </Spin>
    </div>
  );
}
