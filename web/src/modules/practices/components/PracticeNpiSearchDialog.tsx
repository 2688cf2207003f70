import { Alert, Input, List, Tag, Typography } from 'antd';
import { type ReactElement, useEffect, useState } from 'react';
import { serverMessage } from '../../api/apiError';
import { useDebouncedValue } from '../../ui/hooks/useDebouncedValue';
import { DraggableDialog } from '../../widgets/components/DraggableDialog';
import { practicesApi, type RegistryResult } from '../api/practicesApi';
import { NPI_SEARCH_TITLE } from '../logic/practiceForm';

type Props = { open: boolean; onClose: () => void; onPick: (result: RegistryResult) => void };

type Found = { term: string; results: (RegistryResult & { practiceUserName?: string })[] } | null;

/**
 * 'Search Practice by NPI': registry organisations searched 300 ms after typing stops, each with
 * its number and the @username of the practice when it is one already (picking that one does
 * nothing: the practice exists).
 */
export function PracticeNpiSearchDialog({ open, onClose, onPick }: Props): ReactElement {
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
      const results = await practicesApi.searchAllNpiPractice(debounced, abort.signal);
      const existing = await practicesApi.practicesByNpi(results.map((r) => r.number).slice(0, 100));
      const byNpi = new Map(existing.map((p) => [p.npi, p.userName]));
      return results.map((r) => ({ ...r, practiceUserName: byNpi.get(r.number) }));
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
  const pick = (r: RegistryResult & { practiceUserName?: string }) => {
    if (r.practiceUserName) return; // already a practice
    onPick(r);
  };
  return (
    <DraggableDialog open={open} onClose={onClose} title={NPI_SEARCH_TITLE} width={560} height={480} closeOnEscape>
      <Input.Search aria-label="Practice NPI or name" placeholder="NPI or organization name" value={term} onChange={(e) => setTerm(e.target.value)} loading={loading} allowClear autoFocus />
      {failure ? <Alert type="error" showIcon message={failure} style={{ marginTop: 8 }} /> : null}
      <List<RegistryResult & { practiceUserName?: string }>
        aria-label="Registry organizations"
        style={{ marginTop: 8 }}
        dataSource={results}
        locale={{ emptyText: debounced.length < 2 ? 'Type an NPI or a name' : loading ? 'Searching…' : 'No Results...' }}
        renderItem={(r) => {
          const location = r.addresses[0];
          return (
            <List.Item
              role="button"
              tabIndex={0}
              aria-label={`${r.basic.organization_name} ${r.number}`}
              aria-disabled={r.practiceUserName ? true : undefined}
              onClick={() => pick(r)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') pick(r);
              }}
              style={{ cursor: r.practiceUserName ? 'not-allowed' : 'pointer', opacity: r.practiceUserName ? 0.6 : 1 }}
            >
              <List.Item.Meta
                title={
                  <span>
                    {r.basic.organization_name}
                    {r.practiceUserName ? <Typography.Text type="secondary"> @{r.practiceUserName}</Typography.Text> : null}
                    {r.sample ? <Tag style={{ marginInlineStart: 8 }}>Sample registry data</Tag> : null}
                  </span>
                }
                description={[r.number, location ? `${location.city}, ${location.state}` : ''].filter(Boolean).join(' · ')}
              />
            </List.Item>
          );
        }}
      />
    </DraggableDialog>
  );
}
