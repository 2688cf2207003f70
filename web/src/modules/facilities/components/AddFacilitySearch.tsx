import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Flex, Input, Popover, type PopoverProps, Spin, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { type KeyboardEvent, type ReactElement, useId, useRef, useState } from 'react';
import { SampleDataTag } from '../../registry';
import { useRegistrySearch } from '../hooks/useRegistrySearch';
import { ADD_FACILITY_PLACEHOLDER, CREATE_PROFILE_TEXT, NO_RESULTS_TEXT, SEARCH_POPUP_HINT } from '../logic/facilityConstants';
import { registryLabel } from '../logic/facilityForm';
import type { NpiType, ProviderListItem } from '../types/facility';

const useStyles = createStyles(({ token, css }) => ({
  // At most the screen's width less the popup's padding and margins (a phone's 375 px).
  popup: css`
    width: min(360px, calc(100vw - 64px));
  `,
  hint: css`
    margin-bottom: ${token.marginXS}px;
  `,
  loading: css`
    padding: ${token.paddingXS}px;
    text-align: center;
  `,
  results: css`
    list-style: none;
    margin: 0;
    padding: 0;
    max-height: 300px;
    overflow-y: auto;
  `,
  result: css`
    cursor: pointer;
    padding: ${token.paddingXXS}px ${token.paddingXS}px;
    border-radius: ${token.borderRadiusSM}px;
  `,
  activeResult: css`
    background: ${token.controlItemBgHover};
  `,
  noResults: css`
    &.ant-typography {
      display: block;
    }
  `,
  box: css`
    &.ant-input-affix-wrapper {
      width: 260px;
      max-width: 100%;
    }
  `,
  addIcon: css`
    &.anticon {
      color: ${token.colorTextTertiary};
    }
  `,
}));

type AddFacilitySearchProps = {
  npiType: NpiType;
  /** A registry result was picked: the host opens the pre-filled drawer. */
  onPick: (item: ProviderListItem, sampleData: boolean) => void;
  /** 'Click HERE to create profile': the host opens an empty drawer (with the typed term). */
  onCreate: (term: string) => void;
};

/**
 * The toolbar's 'Add Facility' box: typing searches the registry ('Last, First', an
 * organisation name or NPI digits; 300 ms after the last keystroke) and a popup lists
 * 'Last, First (NPI)' results, or 'No Results...' with 'Click HERE to create profile'.
 * Arrow keys move through the results, Enter picks, Escape closes.
 */
export function AddFacilitySearch({ npiType, onPick, onCreate }: AddFacilitySearchProps): ReactElement {
  const { token } = theme.useToken();
  const { styles, cx } = useStyles();
  const [term, setTerm] = useState('');
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(-1);
  const search = useRegistrySearch(term, npiType);
  const listId = useId();
  const open = focused;
  /** After a pick or 'create', the drawer hands the focus back on closing: that focus opens nothing. */
  const quietFocus = useRef(false);
  const settled = !search.loading && search.term === term.trim() && term.trim() !== '';

  const reset = () => {
    setTerm('');
    setActive(-1);
    setFocused(false);
  };
  const pick = (item: ProviderListItem) => {
    reset();
    quietFocus.current = true;
    onPick(item, search.sampleData);
  };
  const create = () => {
    const typed = term.trim();
    reset();
    quietFocus.current = true;
    onCreate(typed);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = settled ? search.results.length : 0;
    if (event.key === 'ArrowDown' && count > 0) {
      event.preventDefault();
      setActive((index) => (index + 1) % count);
    } else if (event.key === 'ArrowUp' && count > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? count - 1 : index - 1));
    } else if (event.key === 'Enter' && active >= 0 && active < count) {
      event.preventDefault();
      pick(search.results[active]);
    } else if (event.key === 'Escape') {
      setFocused(false);
    }
  };

  const content = (
    // Clicks inside the popup keep the focus in the box (a blur would close the popup first).
    <div className={styles.popup} onMouseDown={(event) => event.preventDefault()} data-testid="add-facility-popup">
      <Flex align="center" justify="space-between" gap={token.marginXS} className={styles.hint}>
        <Typography.Text type="secondary">{SEARCH_POPUP_HINT}</Typography.Text>
        <SampleDataTag show={settled && search.sampleData} />
      </Flex>
      {search.loading ? (
        <div className={styles.loading}>
          <Spin size="small" aria-label="Searching" />
        </div>
      ) : null}
      {settled && search.results.length > 0 ? (
        <ul id={listId} role="listbox" aria-label="Registry results" className={styles.results}>
          {search.results.map((item, index) => (
            <li
              key={item.npi}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onClick={() => pick(item)}
              onMouseEnter={() => setActive(index)}
              className={cx(styles.result, index === active && styles.activeResult)}
            >
              {registryLabel(item)}
            </li>
          ))}
        </ul>
      ) : null}
      {settled && search.results.length === 0 ? (
        <div>
          <Typography.Text strong className={styles.noResults}>
            {NO_RESULTS_TEXT}
          </Typography.Text>
          <Typography.Link onClick={create}>{CREATE_PROFILE_TEXT}</Typography.Link>
        </div>
      ) : null}
    </div>
  );

  return (
    <Popover
      open={open}
      content={content}
      placement="bottomLeft"
      arrow={false}
      // Slid sideways to stay on screen, rather than flipped to the box's right edge.
      // (antd's type leaves out shiftX, which its placement code reads)
      autoAdjustOverflow={{ shiftX: true, adjustX: 0, adjustY: 1 } as PopoverProps['autoAdjustOverflow']}
      destroyOnHidden
    >
      <Input
        allowClear
        className={styles.box}
        prefix={<SearchOutlined />}
        suffix={<PlusOutlined className={styles.addIcon} />}
        placeholder={ADD_FACILITY_PLACEHOLDER}
        aria-label={ADD_FACILITY_PLACEHOLDER}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          setActive(-1);
          setFocused(true);
        }}
        onFocus={() => {
          if (quietFocus.current) quietFocus.current = false;
          else setFocused(true);
        }}
        onClick={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={onKeyDown}
      />
    </Popover>
  );
}
