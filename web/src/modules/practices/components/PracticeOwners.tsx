import { CloseOutlined, DownOutlined, UserOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Dropdown, Flex, Input, List, Space, Spin, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, useState } from 'react';
import { useDebouncedValue } from '../../ui/hooks/useDebouncedValue';
import { type AccessType, practicesApi, type UserSearchItem } from '../api/practicesApi';
import { ACCESS_TYPES, ADD_OWNER_PLACEHOLDER, NO_RESULTS, type OwnerCard, ownerFromSearch, ownersError, OWNER_RESULTS_MAX_HEIGHT, searchLabel } from '../logic/practiceForm';
import { practiceKeys } from '../logic/practiceKeys';

const NO_USERS: UserSearchItem[] = [];

const useStyles = createStyles(({ token, css }) => ({
  compact: css`
    && {
      width: 100%;
    }
  `,
  noResults: css`
    && {
      display: block;
      margin-top: ${token.marginXXS}px;
    }
  `,
  results: css`
    && {
      max-height: ${OWNER_RESULTS_MAX_HEIGHT}px;
      overflow-y: auto;
      margin-top: ${token.marginXXS}px;
      background: ${token.colorBgElevated};
    }
  `,
  result: css`
    && {
      cursor: pointer;
    }
  `,
  // A plain list box, not Flex: an empty Flex is display: none and its margin would go with it.
  owners: css`
    display: flex;
    flex-direction: column;
    gap: ${token.marginXS}px;
    margin-top: ${token.marginSM}px;
  `,
  ownerText: css`
    flex: 1;
    min-width: 0;
  `,
  ownerName: css`
    && {
      display: block;
    }
  `,
  accessType: css`
    && {
      padding: 0;
    }
  `,
  error: css`
    && {
      display: block;
      margin-top: ${token.marginXS}px;
    }
  `,
}));

type Props = {
  owners: readonly OwnerCard[];
  onAdd: (owner: OwnerCard) => void;
  onChangeAccessType: (id: string, accessType: AccessType) => void;
  onRemove: (id: string) => void;
  /** Show the owners' rule message (after the user touched the tab). */
  showError: boolean;
};

/**
 * The Practice Owners tab: 'Add Practice Owner' searches people 300 ms after typing stops (the
 * results popup shows up to 250 px); Add is disabled until a result is chosen; a card per owner
 * with the access-type menu (a new owner starts as Member) and a remove button.
 */
export function PracticeOwners({ owners, onAdd, onChangeAccessType, onRemove, showError }: Props): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term.trim());
  const [chosen, setChosen] = useState<UserSearchItem | null>(null);
  // People are searched for the typed term (not the one chosen, nor a cleared one); the last results stay while the next load.
  const active = debounced.length >= 2 && !chosen && term.trim() !== '';
  const search = useQuery({
    queryKey: practiceKeys.userSearch(debounced),
    queryFn: ({ signal }) => practicesApi.searchUsers(debounced, signal),
    enabled: active,
    placeholderData: keepPreviousData,
  });
  const results = active ? (search.data ?? NO_USERS) : NO_USERS;
  const loading = active && search.isFetching;
  // The term whose search finished (its results may be none).
  const searched = active && search.isSuccess && !search.isPlaceholderData ? debounced : null;
  const typing = term.trim().length >= 2 && !chosen && (loading || term.trim() !== debounced);
  const noResults = !typing && searched !== null && searched === term.trim() && results.length === 0;

  const add = () => {
    if (!chosen) return;
    if (!owners.some((o) => o.id === chosen._id)) onAdd(ownerFromSearch(chosen));
    setChosen(null);
    setTerm('');
  };
  const error = showError ? ownersError(owners) : null;

  return (
    <div>
      <Space.Compact className={styles.compact}>
        <Input
          aria-label={ADD_OWNER_PLACEHOLDER}
          placeholder={ADD_OWNER_PLACEHOLDER}
          value={term}
          onChange={(e) => {
            setTerm(e.target.value);
            setChosen(null);
          }}
          allowClear
          suffix={typing ? <Spin size="small" aria-label="Searching" /> : <span />}
        />
        <Button type="primary" disabled={!chosen} onClick={add}>
          Add
        </Button>
      </Space.Compact>
      {noResults ? (
        <Typography.Text type="secondary" role="status" className={styles.noResults}>
          {NO_RESULTS}
        </Typography.Text>
      ) : null}
      {results.length ? (
        <List<UserSearchItem>
          aria-label="Owner search results"
          size="small"
          bordered
          className={styles.results}
          dataSource={results}
          renderItem={(u) => (
            <List.Item
              role="button"
              tabIndex={0}
              className={styles.result}
              onClick={() => {
                setChosen(u);
                setTerm(searchLabel(u));
              }}
            >
              <Space>
                <Avatar size={24} src={u.avatarImageUrl || undefined} icon={<UserOutlined />} alt="" />
                {searchLabel(u)}
              </Space>
            </List.Item>
          )}
        />
      ) : null}
      <div className={styles.owners} aria-label="Practice owners" role="list">
        {owners.map((o) => (
          <Card key={o.id} size="small" role="listitem" aria-label={o.fullName} styles={{ body: { padding: 8 } }}>
            <Flex align="center" gap={token.marginXS}>
              <Avatar size={36} src={o.avatarImageUrl || undefined} icon={<UserOutlined />} alt="" />
              <div className={styles.ownerText}>
                <Typography.Text strong ellipsis className={styles.ownerName}>
                  {o.fullName}
                </Typography.Text>
                <Dropdown
                  trigger={['click']}
                  menu={{
                    selectable: true,
                    selectedKeys: [o.accessType],
                    items: ACCESS_TYPES.map((t) => ({ key: t, label: t })),
                    onClick: ({ key }) => onChangeAccessType(o.id, key as AccessType),
                  }}
                >
                  <Button size="small" type="link" className={styles.accessType} aria-label={`Access type of ${o.fullName}`}>
                    {o.accessType} <DownOutlined />
                  </Button>
                </Dropdown>
              </div>
              <Button size="small" type="text" icon={<CloseOutlined />} aria-label={`Remove ${o.fullName}`} onClick={() => onRemove(o.id)} />
            </Flex>
          </Card>
        ))}
      </div>
      {error ? (
        <Typography.Text type="danger" className={styles.error}>
          {error}
        </Typography.Text>
      ) : null}
    </div>
  );
}
