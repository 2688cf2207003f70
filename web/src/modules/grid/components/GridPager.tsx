import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { ReactElement } from 'react';
import { clampPage, GRID_PAGE_SIZE, pagerText } from '../logic/pager';

const numberFormat = new Intl.NumberFormat('en-US');

/** The grid's pager: the rows shown, first/previous/next/last and 'Page X of Y' (or 'No Results'; paging is ignored then). */
export function GridPager({ page, totalPages, count, onPage }: { page: number; totalPages: number; count: number; onPage: (page: number) => void }): ReactElement {
  const none = totalPages <= 0;
  const go = (target: number) => {
    const clamped = clampPage(target, totalPages);
    if (clamped !== undefined && clamped !== page) onPage(clamped);
  };
  const button = (label: string, icon: ReactElement, target: number, off: boolean) => (
    <Button type="text" size="small" aria-label={label} icon={icon} disabled={none || off} onClick={() => go(target)} />
  );
  const [first, last] = [(page - 1) * GRID_PAGE_SIZE + 1, Math.min(count, page * GRID_PAGE_SIZE)].map((n) => numberFormat.format(n));
  return (
    <Flex component="nav" aria-label="Pager" className="data-grid-pager" align="center" justify="space-between" gap="small" wrap>
      <Typography.Text type="secondary" className="data-grid-range">
        {none ? '0 rows' : `${first}–${last} of ${numberFormat.format(count)} rows`}
      </Typography.Text>
      <Flex align="center" gap={4}>
        {button('First page', <DoubleLeftOutlined />, 1, page <= 1)}
        {button('Previous page', <LeftOutlined />, page - 1, page <= 1)}
        <Typography.Text className="data-grid-page" aria-live="polite" role="status">
          {pagerText(page, totalPages)}
        </Typography.Text>
        {button('Next page', <RightOutlined />, page + 1, page >= totalPages)}
        {button('Last page', <DoubleRightOutlined />, totalPages, page >= totalPages)}
      </Flex>
    </Flex>
  );
}
