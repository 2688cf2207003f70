import { CloseOutlined, DownOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Dropdown, Input, List, Space, Spin, Typography, theme } from 'antd';
import { type ReactElement, useEffect, useState } from 'react';
import { useDebouncedValue } from '../../ui/hooks/useDebouncedValue';
import { type AccessType, practicesApi, type UserSearchItem } from '../api/practicesApi';
import { ACCESS_TYPES, ADD_OWNER_PLACEHOLDER, NO_RESULTS, type OwnerCard, ownerFromSearch, ownersError, OWNER_RESULTS_MAX_HEIGHT, searchLabel } from '../logic/practiceForm';

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
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term.trim());
  const [results, setResults] = useState<UserSearchItem[]>([]);
  const [chosen, setChosen] = useState<UserSearchItem | null>(null);
  // The term whose search finished (its results may be none), and whether one is running.
  const [searched, setSearched] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (debounced.length < 2 || (chosen && searchLabel(chosen) === debounced)) {
      setResults([]);
      setSearched(null);
      setLoading(false);
      return;
    }
    const abort = new AbortController();
    setLoading(true);
    practicesApi
      .searchUsers(debounced, abort.signal)
      .then((users) => {
        if (abort.signal.aborted) return;
        setResults(users);
        setSearched(debounced);
      })
      .catch(() => undefined)
      .finally(() => {
        if (!abort.signal.aborted) setLoading(false);
      });
    return () => abort.abort();
  }, [debounced, chosen]);
  const typing = term.trim().length >= 2 && !chosen && (loading || term.trim() !== debounced);
  const noResults = !typing && searched !== null && searched === term.trim() && results.length === 0;

  const add = () => {
    if (!chosen) return;
    if (!owners.some((o) => o.id === chosen._id)) onAdd(ownerFromSearch(chosen));
    setChosen(null);
    setTerm('');
    setResults([]);
  };
  const error = showError ? ownersError(owners) : null;

  return (
    <div>
      <Space.Compact style={{ width: '100%' }}>
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
        <Typography.Text type="secondary" role="status" style={{ display: 'block', marginTop: 4 }}>
          {NO_RESULTS}
        </Typography.Text>
      ) : null}
      {results.length ? (
        <List<UserSearchItem>
          aria-label="Owner search results"
          size="small"
          bordered
          style={{ maxHeight: OWNER_RESULTS_MAX_HEIGHT, overflowY: 'auto', marginTop: 4, background: token.colorBgElevated }}
          dataSource={results}
          renderItem={(u) => (
            <List.Item
              role="button"
              tabIndex={0}
              style={{ cursor: 'pointer' }}
              onClick={() => {
                setChosen(u);
                setTerm(searchLabel(u));
                setResults([]);
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
      <div style={{ marginTop: 12, display: 'flex', flexDirection: 'column', gap: 8 }} aria-label="Practice owners" role="list">
        {owners.map((o) => (
          <Card key={o.id} size="small" role="listitem" aria-label={o.fullName} styles={{ body: { padding: 8 } }}>
            <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <Avatar size={36} src={o.avatarImageUrl || undefined} icon={<UserOutlined />} alt="" />
              <div style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text strong ellipsis style={{ display: 'block' }}>
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
                  <Button size="small" type="link" style={{ padding: 0 }} aria-label={`Access type of ${o.fullName}`}>
                    {o.accessType} <DownOutlined />
                  </Button>
                </Dropdown>
              </div>
              <Button size="small" type="text" icon={<CloseOutlined />} aria-label={`Remove ${o.fullName}`} onClick={() => onRemove(o.id)} />
            </div>
          </Card>
        ))}
      </div>
      {error ? (
        <Typography.Text type="danger" style={{ display: 'block', marginTop: 8 }}>
          {error}
        </Typography.Text>
      ) : null}
    </div>
  );
}
