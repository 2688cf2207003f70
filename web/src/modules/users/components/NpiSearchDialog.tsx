import { useQuery } from '@tanstack/react-query';
import { Alert, Input, List, Tag, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, useEffect, useState } from 'react';
import { serverMessage } from '../../api/apiError';
import { profilesApi, type RegistryResult } from '../../profiles/api/profilesApi';
import { useDebouncedValue } from '../../ui/hooks/useDebouncedValue';
import { DraggableDialog } from '../../widgets/components/DraggableDialog';
import { unregisteredResults } from '../logic/createUserForm';

export const NPI_SEARCH_TITLE = 'Search Users by NPI';

type NpiSearchDialogProps = {
  open: boolean;
  onClose: () => void;
  onPick: (result: RegistryResult) => void;
};

const useStyles = createStyles(({ token, css }) => ({
  spaced: css`
    margin-top: ${token.marginXS}px;
  `,
  result: css`
    cursor: pointer;
  `,
  sampleTag: css`
    &.ant-tag {
      margin-inline-start: ${token.marginXS}px;
    }
  `,
}));

/** 'Search Users by NPI': the registry searched 300 ms after typing stops; NPIs already registered are left out. */
export function NpiSearchDialog({ open, onClose, onPick }: NpiSearchDialogProps): ReactElement {
  const { styles } = useStyles();
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term.trim());

  useEffect(() => {
    if (!open) setTerm('');
  }, [open]);

  const search = useQuery({
    queryKey: ['registry', 'unregistered', debounced],
    queryFn: async ({ signal }) => {
      const found = await profilesApi.searchAllNpi(debounced, signal);
      const registered = await profilesApi.searchUsersByNpi(found.filter((r) => !r.userName).map((r) => r.number).slice(0, 100));
      return unregisteredResults(found, new Set(registered.map((u) => u.npi ?? '')));
    },
    enabled: open && debounced.length >= 2,
    // Forgotten once no search shows it: a provider registered meanwhile is left out the next time.
    gcTime: 0,
  });
  const loading = search.isFetching;
  const failure = search.isError ? (serverMessage(search.error) ?? 'The registry could not be searched') : null;
  const results = debounced.length >= 2 ? (search.data ?? []) : [];
  return (
    <DraggableDialog open={open} onClose={onClose} title={NPI_SEARCH_TITLE} width={560} height={480} closeOnEscape>
      <Input.Search
        aria-label="NPI or name"
        placeholder="NPI, or Last, First"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        loading={loading}
        allowClear
        autoFocus
      />
      {failure ? <Alert type="error" showIcon message={failure} className={styles.spaced} /> : null}
      <section aria-label="Registry results">
      <List<RegistryResult>
        className={styles.spaced}
        dataSource={results}
        locale={{ emptyText: debounced.length < 2 ? 'Type an NPI or a name' : loading ? 'Searching…' : 'No unregistered provider found' }}
        renderItem={(r) => {
          const name = [r.basic.last_name, r.basic.first_name].filter(Boolean).join(', ');
          const location = r.addresses[0];
          return (
            <List.Item
              role="button"
              tabIndex={0}
              aria-label={`${name} ${r.number}`}
              onClick={() => onPick(r)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') onPick(r);
              }}
              className={styles.result}
            >
              <List.Item.Meta
                title={
                  <span>
                    {name}
                    {r.basic.credential ? `, ${r.basic.credential}` : ''} <Typography.Text type="secondary">NPI {r.number}</Typography.Text>
                    {r.sample ? <Tag className={styles.sampleTag}>Sample registry data</Tag> : null}
                  </span>
                }
                description={[r.taxonomies[0]?.desc, location ? `${location.city}, ${location.state}` : ''].filter(Boolean).join(' · ')}
              />
            </List.Item>
          );
        }}
      />
      </section>
    </DraggableDialog>
  );
}
