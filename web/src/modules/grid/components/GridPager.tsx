import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { ReactElement } from 'react';
import { GRID_PAGE_SIZE, pagerText } from '../logic/pager';

type GridPagerProps = {
  page: number;
  totalPages: number;
  count: number;
  /** Asked for a page; the grid clamps it (and ignores it when there are no pages). */
  onPage: (page: number) => void;
};

const numberFormat = new Intl.NumberFormat('en-US');

/** The grid's pager: the rows shown, first/previous/next/last and 'Page X of Y' (or 'No Results'). */
export function GridPager({ page, totalPages, count, onPage }: GridPagerProps): ReactElement {
  const none = totalPages <= 0;
  const first = (page - 1) * GRID_PAGE_SIZE + 1;
  const last = Math.min(count, page * GRID_PAGE_SIZE);
  return (
    <Flex component="nav" aria-label="Pager" className="data-grid-pager" align="center" justify="space-between" gap="small" wrap>
      <Typography.Text type="secondary" className="data-grid-range">
        {none ? '0 rows' : `${numberFormat.format(first)}–${numberFormat.format(last)} of ${numberFormat.format(count)} rows`}
      </Typography.Text>
      <Flex align="center" gap={4}>
        <Button type="text" size="small" aria-label="First page" icon={<DoubleLeftOutlined />} disabled={none || page <= 1} onClick={() => onPage(1)} />
        <Button type="text" size="small" aria-label="Previous page" icon={<LeftOutlined />} disabled={none || page <= 1} onClick={() => onPage(page - 1)} />
        <Typography.Text className="data-grid-page" aria-live="polite" role="status">
          {pagerText(page, totalPages)}
        </Typography.Text>
        <Button type="text" size="small" aria-label="Next page" icon={<RightOutlined />} disabled={none || page >= totalPages} onClick={() => onPage(page + 1)} />
        <Button type="text" size="small" aria-label="Last page" icon={<DoubleRightOutlined />} disabled={none || page >= totalPages} onClick={() => onPage(totalPages)} />
      </Flex>
    </Flex>
  );
}
