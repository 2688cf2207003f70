import { Alert, Input, List, Tag, Typography } from 'antd';
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

type Found = { term: string; results: RegistryResult[] } | null;

/** 'Search Users by NPI': the registry searched 300 ms after typing stops; NPIs already registered are left out. */
export function NpiSearchDialog({ open, onClose, onPick }: NpiSearchDialogProps): ReactElement {
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term.trim());
  const [found, setFound] = useState<Found>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!open) {
      setTerm('');
      setFound(null);
      setFailure(null);
    }
  }, [open]);

  useEffect(() => {
    if (!open || debounced.length < 2) return;
    const abort = new AbortController();
    setLoading(true);
    setFailure(null);
    (async () => {
      const results = await profilesApi.searchAllNpi(debounced, abort.signal);
      const registered = await profilesApi.searchUsersByNpi(results.filter((r) => !r.userName).map((r) => r.number).slice(0, 100));
      return unregisteredResults(results, new Set(registered.map((u) => u.npi ?? '')));
    })()
      .then((results) => {
        if (!abort.signal.aborted) setFound({ term: debounced, results });
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setFailure(serverMessage(error) ?? 'The registry could not be searched');
      })
      .finally(() => {
        if (!abort.signal.aborted) setLoading(false);
      });
    return () => abort.abort();
  }, [debounced, open]);

  const results = found && found.term === debounced ? found.results : [];
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
      {failure ? <Alert type="error" showIcon message={failure} style={{ marginTop: 8 }} /> : null}
      <section aria-label="Registry results">
      <List<RegistryResult>
        style={{ marginTop: 8 }}
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
              style={{ cursor: 'pointer' }}
            >
              <List.Item.Meta
                title={
                  <span>
                    {name}
                    {r.basic.credential ? `, ${r.basic.credential}` : ''} <Typography.Text type="secondary">NPI {r.number}</Typography.Text>
                    {r.sample ? <Tag style={{ marginInlineStart: 8 }}>Sample registry data</Tag> : null}
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
