import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Input, Select, Table, Tag, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, useState } from 'react';
import { credentialing } from '@app/contracts';
import { serverMessage } from '../../api/apiError';
import { useDebouncedValue } from '../../ui/hooks/useDebouncedValue';
import { monitoringApi } from '../api/monitoringApi';
import { monitoringKeys } from '../logic/monitoringKeys';
import { exclusionName, mdy, sourceName } from './exclusionText';

export const EXCLUSION_SEARCH_TITLE = 'OIG Exclusion List';
export const EXCLUSION_SEARCH_PLACEHOLDER = "NPI, 'Last, First' or business name";

const useStyles = createStyles(({ token, css }) => ({
  sample: css`
    && {
      margin-left: ${token.marginXS}px;
    }
  `,
}));

type Props = {
  /** The search call (the gateway's by default). */
  search?: (term: string, signal: AbortSignal, source?: credentialing.SanctionSourceId) => Promise<credentialing.ExclusionSearchReply>;
};

const ALL_LISTS = 'all';
const LIST_OPTIONS = [{ value: ALL_LISTS, label: 'All lists' }, ...credentialing.SANCTION_SOURCES.map((s) => ({ value: s.id, label: s.name }))];

/**
 * The exclusion search for credentialing staff, over every sanction and exclusion list at once
 * (OIG LEIE, SAM.gov, Medicare opt-outs, OFAC SDN, state Medicaid lists) or the one picked in the
 * list filter: searched 300 ms after typing stops (2 characters at least), at most 50 rows with
 * their list, name, NPI, state, exclusion type and date; which file the LEIE mirror holds (and
 * whether it is the sample list).
 */
export function ExclusionSearchScreen({ search = monitoringApi.searchExclusions }: Props): ReactElement {
  const { styles } = useStyles();
  const [term, setTerm] = useState('');
  const [list, setList] = useState<string>(ALL_LISTS);
  const source = list === ALL_LISTS ? undefined : (list as credentialing.SanctionSourceId);
  const debounced = useDebouncedValue(term.trim());
  const searching = debounced.length >= 2;
  const query = useQuery({ queryKey: monitoringKeys.search(debounced, source ?? null), queryFn: ({ signal }) => search(debounced, signal, source), enabled: searching });
  const loading = searching && query.isFetching;
  const failure = searching && query.error ? (serverMessage(query.error) ?? 'The exclusion list could not be searched') : null;
  const reply = searching ? (query.data ?? null) : null;
  return (
    <section aria-label={EXCLUSION_SEARCH_TITLE}>
      <Typography.Title level={3}>{EXCLUSION_SEARCH_TITLE}</Typography.Title>
      <Flex gap="small" wrap>
        <Select aria-label="Exclusion list" value={list} options={LIST_OPTIONS} onChange={setList} popupMatchSelectWidth={false} />
        <Flex flex={1}>
          <Input.Search allowClear value={term} placeholder={EXCLUSION_SEARCH_PLACEHOLDER} aria-label="Search the exclusion list" onChange={(e) => setTerm(e.target.value)} loading={loading} />
        </Flex>
      </Flex>
      {term.trim().length === 1 && <Typography.Text type="secondary">Type at least 2 characters</Typography.Text>}
      {failure && <Alert type="error" showIcon message={failure} />}
      {reply && (
        <>
          <Typography.Paragraph type="secondary">
            {reply.count === 0 ? 'No exclusion found' : `${reply.count} exclusion${reply.count === 1 ? '' : 's'} found${reply.count > reply.exclusions.length ? ` (first ${reply.exclusions.length} shown)` : ''}`}
            {reply.mirror.file ? ` · list ${reply.mirror.file}${reply.mirror.importedAt ? ` imported ${mdy(reply.mirror.importedAt.slice(0, 10))}` : ''}` : ''}
            {reply.mirror.sample && <Tag className={styles.sample}>Sample list</Tag>}
          </Typography.Paragraph>
          <Table<credentialing.ExclusionRow>
            rowKey={(r) => `${r.source}:${r.rowKey}`}
            size="small"
            pagination={false}
            dataSource={reply.exclusions}
            columns={[
              { title: 'List', dataIndex: 'source', render: (v: string) => sourceName(v) },
              { title: 'Name', key: 'name', render: (_, r) => exclusionName(r) },
              { title: 'NPI', dataIndex: 'npi', render: (v: string | null) => v ?? '—' },
              { title: 'Category', dataIndex: 'general' },
              { title: 'State', dataIndex: 'state' },
              { title: 'Type', dataIndex: 'exclType' },
              { title: 'Excluded', dataIndex: 'exclDate', render: (v: string | null) => mdy(v) },
            ]}
          />
        </>
      )}
    </section>
  );
}
