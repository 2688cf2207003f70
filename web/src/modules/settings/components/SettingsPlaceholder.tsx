import { Card, Empty } from 'antd';
import type { ReactElement } from 'react';

type SettingsPlaceholderProps = {
  title: string;
};

/** A settings section that is a placeholder only (spec §1, §2). */
export function SettingsPlaceholder({ title }: SettingsPlaceholderProps): ReactElement {
  return (
    <Card>
      <Empty description={`${title} placeholder`} />
    </Card>
  );
}
