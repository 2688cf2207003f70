import { theme } from 'antd';
import { GRID_LAYER_Z_INDEX } from '../logic/gridConstants';

/** The grid's CSS (scoped to .data-grid), built from the antd theme tokens. */
export function useGridStyles(rowHeight: number): string {
  const { token } = theme.useToken();
  return `
.data-grid { isolation: isolate; min-width: 0; max-width: 100%; }
.data-grid .ant-pro-card-body { padding-inline: 0; padding-block: 0; }
.data-grid .ant-pro-table-list-toolbar-container { flex-wrap: wrap; gap: ${token.paddingXS}px; }
.data-grid .ant-pro-table-list-toolbar-left, .data-grid .ant-pro-table-list-toolbar-right { min-width: 0; max-width: 100%; flex-wrap: wrap; }
.data-grid .ant-pro-table-list-toolbar-right > div { flex-wrap: wrap; }
.data-grid .ant-table-thead > tr > th { z-index: ${GRID_LAYER_Z_INDEX}; }
/* A pinned header stays above the headers that scroll under it (they share the header layer), as its body cells do. */
.data-grid .ant-table-thead > tr > th.ant-table-cell-fix-left, .data-grid .ant-table-thead > tr > th.ant-table-cell-fix-right { z-index: ${GRID_LAYER_Z_INDEX + 1}; }
.data-grid .ant-table-footer { position: relative; z-index: ${GRID_LAYER_Z_INDEX}; }
.data-grid .ant-pro-table-list-toolbar-container { padding: ${token.paddingSM}px ${token.padding}px; }
.data-grid .ant-table-thead > tr > th { vertical-align: top; padding: ${token.paddingXS}px ${token.paddingSM}px; }
.data-grid .ant-table-thead > tr > th::before { display: none; }
/* As specific as antd's small-table cell rule (and later), so the row is exactly rowHeight px: no padding, the 1 px border inside the height. */
.data-grid .ant-table-wrapper .ant-table.ant-table-small .ant-table-tbody > tr > td { padding: 0 ${token.paddingSM}px; height: ${rowHeight}px; box-sizing: border-box; }
.data-grid .ant-table-wrapper .ant-table.ant-table-small .ant-table-tbody > tr.ant-table-placeholder > td { height: auto; padding: ${token.paddingLG}px; }
.data-grid .ant-table-footer { padding: ${token.paddingXS}px ${token.padding}px; background: ${token.colorBgContainer}; border-top: 1px solid ${token.colorBorderSecondary}; }
.data-grid .data-grid-header { display: flex; flex-direction: column; gap: ${token.paddingXXS + 2}px; min-width: 0; }
/* A narrow column's title wraps between words (never inside one), its sort and menu buttons below it. */
.data-grid .data-grid-header-title { display: flex; flex-wrap: wrap; align-items: center; gap: ${token.paddingXXS}px; min-height: 24px; }
.data-grid .data-grid-header-icon { color: ${token.colorTextSecondary}; display: inline-flex; }
.data-grid .data-grid-header-text { font-weight: ${token.fontWeightStrong}; color: ${token.colorTextHeading}; overflow: hidden; text-overflow: ellipsis; white-space: normal; overflow-wrap: normal; word-break: normal; flex: 1 1 auto; min-width: 0; }
th.ant-table-cell[data-align="center"] .data-grid-header-text { text-align: center; }
th.ant-table-cell[data-align="right"] .data-grid-header-text { text-align: right; }
.data-grid .data-grid-header-sortable { cursor: pointer; user-select: none; }
.data-grid .data-grid-header-pinned { color: ${token.colorTextTertiary}; font-size: ${token.fontSizeSM}px; }
.data-grid .data-grid-header-actions { display: inline-flex; align-items: center; margin-inline-start: auto; flex-shrink: 0; }
.data-grid .data-grid-sort, .data-grid .data-grid-column-menu { width: 24px; min-width: 24px; height: 24px; padding: 0; } /* WCAG 2.5.8 target size */
.data-grid .data-grid-sort-icon { display: inline-flex; flex-direction: column; line-height: 0; font-size: 10px; gap: 0; }
.data-grid .data-grid-sort-icon > span + span { margin-top: -2px; }
/* Both carets grey when unsorted; the up one highlighted when ascending, the down one when descending. */
.data-grid .data-grid-sort-icon > span { color: ${token.colorTextQuaternary}; }
.data-grid .data-grid-sort[data-sort="ascending"] .data-grid-sort-icon > span:first-child,
.data-grid .data-grid-sort[data-sort="descending"] .data-grid-sort-icon > span:last-child { color: ${token.colorPrimary}; }
.data-grid .data-grid-filter { display: flex; gap: ${token.paddingXXS}px; align-items: center; font-weight: normal; text-align: left; }
.data-grid .data-grid-filter-input { flex: 1; min-width: 0; }
.data-grid .data-grid-filter-input .ant-picker { width: 100%; }
.data-grid .data-grid-filter-type { flex-shrink: 0; padding-inline: 4px; gap: 4px; font-size: ${token.fontSizeSM}px; color: ${token.colorTextSecondary}; min-width: 40px; }
.data-grid .data-grid-filter-symbol::before { content: attr(data-symbol); }
.data-grid .data-grid-filter-caret { font-size: 8px; }
.data-grid .data-grid-cell-clickable { cursor: pointer; color: ${token.colorLink}; }
.data-grid .data-grid-cell-clickable:hover { color: ${token.colorLinkHover}; text-decoration: underline; }
.data-grid .data-grid-cell { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
/* Two lines (a name and its NPI) fit a 40 px row. */
.data-grid .data-grid-cell, .data-grid .data-grid-cell .ant-typography { line-height: 1.3; }
/* An avatar beside a long name keeps its size (a flex item would shrink it to an oval). */
.data-grid .data-grid-cell .ant-avatar { flex-shrink: 0; }
.data-grid .data-grid-page { min-width: 110px; text-align: center; font-variant-numeric: tabular-nums; }
.data-grid .data-grid-range { font-variant-numeric: tabular-nums; }
.data-grid .ant-spin-nested-loading > div > .ant-spin .ant-spin-text { text-shadow: none; color: ${token.colorText}; font-weight: ${token.fontWeightStrong}; }
`;
}
