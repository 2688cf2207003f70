import { EnvironmentOutlined, PhoneOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatPhone, phoneHref } from '../../format';
import { GRID_PHONE_MIN_WIDTH, type GridColumn } from '../../grid';
import { addressText, mapsHref } from '../logic/facilityAddress';
import type { Facility, NpiType } from '../types/facility';

export const ADDRESS_FILTER_HINT = 'Enter city, state code, or ZIP';

function tel(value: string | null): ReactNode {
  const href = phoneHref(value);
  const text = formatPhone(value);
  if (!href) return text;
  return (
    <a href={href} onClick={(event) => event.stopPropagation()}>
      {text}
    </a>
  );
}

/**
 * The facilities grid's columns (spec §2): NPI pinned left and clickable (Show Details), the
 * name columns of the npiType (Last, Middle, First Name for individuals; Organization Name
 * for organizations), the address as a maps link, Mobile and Phone as tel links.
 */
export function facilityColumns(npiType: NpiType): GridColumn<Facility>[] {
  const person = npiType === 1;
  return [
    {
      field: 'npi',
      text: 'NPI',
      pin: 'left',
      enableCellClick: true,
      filterType: 'startsWith',
      disabledFilterTypes: ['advancedFilters'],
      filterHint: 'NPI',
      width: 170,
      colCellsStyles: { fontVariantNumeric: 'tabular-nums' },
      cellRenderer: (row) => (
        <Typography.Link aria-label={`Show Details of ${row.npi}`} role="button">
          {row.npi}
        </Typography.Link>
      ),
    },
    { field: 'organizationName', text: 'Organization Name', visible: !person, width: 240, filterHint: 'Organization' },
    { field: 'contactPersonLastName', text: 'Last Name', visible: person, width: 170, filterHint: 'Last name' },
    { field: 'contactPersonMiddleName', text: 'Middle Name', visible: person, width: 160, filterHint: 'Middle name' },
    { field: 'contactPersonFirstName', text: 'First Name', visible: person, width: 170, filterHint: 'First name' },
    {
      field: 'primaryPracticeAddress',
      text: 'Primary Practice Address',
      icon: <EnvironmentOutlined />,
      filterHint: ADDRESS_FILTER_HINT,
      filterType: 'contains',
      disabledFilterTypes: ['endsWith', 'exactMatch', 'advancedFilters'],
      width: 320,
      cellRenderer: (row) => {
        const text = addressText(row.mailingAddress);
        const href = mapsHref(row.mailingAddress);
        return href ? (
          <a href={href} target="_blank" rel="noopener noreferrer" onClick={(event) => event.stopPropagation()}>
            {text}
          </a>
        ) : (
          text
        );
      },
    },
    { field: 'mobile', text: 'Mobile', icon: <PhoneOutlined />, width: 170, minWidth: GRID_PHONE_MIN_WIDTH, filterHint: 'Mobile', cellRenderer: (row) => tel(row.mobile) },
    { field: 'phone', text: 'Phone', icon: <PhoneOutlined />, width: 170, minWidth: GRID_PHONE_MIN_WIDTH, filterHint: 'Phone', cellRenderer: (row) => tel(row.phone) },
  ];
}
