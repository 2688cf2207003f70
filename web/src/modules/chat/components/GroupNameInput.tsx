import { Typography } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactElement } from 'react';
import { TitleInput } from '../../widgets/components/TextInput';

const useStyles = createStyles(({ token, css }) => ({
  input: css`
    &.ant-input {
      display: block;
      margin-top: ${token.marginXXS}px;
    }
  `,
}));

type GroupNameInputProps = { value: string; onChange: (title: string) => void; placeholder?: string };

/** 'Group Name' over its title input (at most 100 characters), in the new group and participants drawers. */
export function GroupNameInput({ value, onChange, placeholder }: GroupNameInputProps): ReactElement {
  const { styles } = useStyles();
  return (
    <label>
      <Typography.Text strong>Group Name</Typography.Text>
      <TitleInput
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        aria-label="Group Name"
        maxLength={100}
        className={styles.input}
      />
    </label>
  );
}
