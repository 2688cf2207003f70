import { ExperimentOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactElement } from 'react';

export const SAMPLE_DATA_TEXT = 'Sample registry data';
export const SAMPLE_DATA_HINT =
  'The registry mirror holds only the generated sample registry, not the real national registry: these providers do not exist.';

const useStyles = createStyles(({ css }) => ({
  tag: css`
    && {
      margin-inline-end: 0;
    }
  `,
}));

type SampleDataTagProps = {
  /** The registry answer's `sampleData` flag: nothing is shown unless it is true. */
  show: boolean | undefined;
};

/**
 * The 'Sample registry data' tag shown next to registry results while the answer says
 * `sampleData: true` (the mirror holds only the generated sample registry).
 */
export function SampleDataTag({ show }: SampleDataTagProps): ReactElement | null {
  const { styles } = useStyles();
  if (!show) return null;
  return (
    <Tooltip title={SAMPLE_DATA_HINT}>
      <Tag color="gold" icon={<ExperimentOutlined />} data-testid="sample-data-tag" className={styles.tag}>
        {SAMPLE_DATA_TEXT}
      </Tag>
    </Tooltip>
  );
}
