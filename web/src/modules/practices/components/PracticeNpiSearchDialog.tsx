import { useQuery } from '@tanstack/react-query';
import { Alert, Input, List, Tag, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, useEffect, useState } from 'react';
import { serverMessage } from '../../api/apiError';
import { useDebouncedValue } from '../../ui/hooks/useDebouncedValue';
import { DraggableDialog } from '../../widgets/components/DraggableDialog';
import { practicesApi, type RegistryResult } from '../api/practicesApi';
import { NPI_SEARCH_TITLE } from '../logic/practiceForm';
import { practiceKeys } from '../logic/practiceKeys';

type Props = { open: boolean; onClose: () => void; onPick: (result: RegistryResult) => void };

type Found = RegistryResult & { practiceUserName?: string };

const NOTHING_FOUND: Found[] = [];

const useStyles = createStyles(({ token, css }) => ({
  below: css`
    && {
      margin-top: ${token.marginXS}px;
    }
  `,
  item: css`
    && {
      cursor: pointer;
    }
  `,
  // A registry organisation that is a practice already: it cannot be picked.
  taken: css`
    && {
      cursor: not-allowed;
      opacity: 0.6;
    }
  `,
  sample: css`
    && {
      margin-inline-start: ${token.marginXS}px;
    }
  `,
}));

/** Registry organisations for the term, each with the @username of the practice it is already. */
async function searchRegistry(term: string, signal: AbortSignal): Promise<Found[]> {
  const results = await practicesApi.searchAllNpiPractice(term, signal);
  const existing = await practicesApi.practicesByNpi(results.map((r) => r.number).slice(0, 100));
  const byNpi = new Map(existing.map((p) => [p.npi, p.userName]));
  return results.map((r) => ({ ...r, practiceUserName: byNpi.get(r.number) }));
}

/**
 * 'Search Practice by NPI': registry organisations searched 300 ms after typing stops, each with
 * its number and the @username of the practice when it is one already (picking that one does
 * nothing: the practice exists).
 */
export function PracticeNpiSearchDialog({ open, onClose, onPick }: Props): ReactElement {
  const { styles } = useStyles();
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term.trim());

  // Each opening starts with an empty search.
  useEffect(() => {
    if (!open) setTerm('');
  }, [open]);

  const search = useQuery({
    queryKey: practiceKeys.npiSearch(debounced),
    queryFn: ({ signal }) => searchRegistry(debounced, signal),
    enabled: open && debounced.length >= 2,
  });
  const searching = open && debounced.length >= 2;
  const loading = searching && search.isFetching;
  const failure = searching && search.error ? (serverMessage(search.error) ?? 'The registry could not be searched') : null;
  const results = (searching ? search.data : undefined) ?? NOTHING_FOUND;
  const pick = (r: Found) => {
    if (r.practiceUserName) return; // already a practice
    onPick(r);
  };
  return (
    <DraggableDialog open={open} onClose={onClose} title={NPI_SEARCH_TITLE} width={560} height={480} closeOnEscape>
      <Input.Search aria-label="Practice NPI or name" placeholder="NPI or organization name" value={term} onChange={(e) => setTerm(e.target.value)} loading={loading} allowClear autoFocus />
      {failure ? <Alert type="error" showIcon message={failure} className={styles.below} /> : null}
      <List<Found>
        aria-label="Registry organizations"
        className={styles.below}
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
              className={r.practiceUserName ? styles.taken : styles.item}
            >
              <List.Item.Meta
                title={
                  <span>
                    {r.basic.organization_name}
                    {r.practiceUserName ? <Typography.Text type="secondary"> @{r.practiceUserName}</Typography.Text> : null}
                    {r.sample ? <Tag className={styles.sample}>Sample registry data</Tag> : null}
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
