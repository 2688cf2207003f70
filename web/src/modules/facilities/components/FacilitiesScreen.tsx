import { AppstoreAddOutlined, DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { App, Flex, Segmented, type MenuProps } from 'antd';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { type ReactElement, useCallback, useMemo } from 'react';
import { isApiError } from '../../api';
import { DataGrid, GRID_ROW_HEIGHTS } from '../../grid';
import { facilitiesApi } from '../api/facilitiesApi';
import { ADD_TO_LIST_NOTICE, FACILITIES_TITLE, NPI_TYPE_OPTIONS, ROW_MENU, type RowMenuKey } from '../logic/facilityConstants';
import { draftFromFacility, draftFromRegistry, EMPTY_DRAFT } from '../logic/facilityForm';
import { loadFacilitiesPage } from '../logic/facilitiesQuery';
import { facilitiesNpiTypeAtom } from '../state/facilitiesNpiTypeAtom';
import { facilitiesReloadAtom } from '../state/facilitiesReloadAtom';
import { facilityDetailsAtom } from '../state/facilityDetailsAtom';
import { facilityDrawerAtom } from '../state/facilityDrawerAtom';
import type { Facility, FacilityDraft, NpiType, ProviderListItem } from '../types/facility';
import { AddFacilitySearch } from './AddFacilitySearch';
import { facilityColumns } from './facilityColumns';
import { FacilityDetailsDrawer } from './FacilityDetailsDrawer';
import { FacilityDrawer } from './FacilityDrawer';

const MENU_ITEMS: MenuProps['items'] = [
  { key: 'edit', label: ROW_MENU.edit, icon: <EditOutlined /> },
  { key: 'details', label: ROW_MENU.details, icon: <EyeOutlined /> },
  { key: 'addToList', label: ROW_MENU.addToList, icon: <AppstoreAddOutlined /> },
  { type: 'divider' },
  { key: 'delete', label: ROW_MENU.delete, icon: <DeleteOutlined />, danger: true },
];

/** The names typed as 'Last, First' become the new profile's names. */
function draftFromTerm(term: string, npiType: NpiType): FacilityDraft {
  if (/^\d+$/.test(term)) return { ...EMPTY_DRAFT, npi: term };
  if (npiType === 2) return { ...EMPTY_DRAFT, mailingAddressOrgName: term };
  const [last = '', first = ''] = term.split(',').map((part) => part.trim());
  return { ...EMPTY_DRAFT, contactPersonLastName: last, contactPersonFirstName: first };
}

/**
 * The Facilities screen (/admin/facilities; spec §2, §4): the signed-in admin's facilities on
 * the shared grid (server mode, 10 a page), the npiType switch (1 individual, 2 organization:
 * name columns and the entityTypeCode filter), the 'Add Facility' registry search opening the
 * pre-filled 'Create New Facility Profile' drawer, and the row menu (Edit Record, Show
 * Details, Add to List, Delete Record).
 */
export function FacilitiesScreen(): ReactElement {
  const { message, modal } = App.useApp();
  const [npiType, setNpiType] = useAtom(facilitiesNpiTypeAtom);
  const reloadKey = useAtomValue(facilitiesReloadAtom);
  const reload = useSetAtom(facilitiesReloadAtom);
  const setDrawer = useSetAtom(facilityDrawerAtom);
  const setDetails = useSetAtom(facilityDetailsAtom);
  const columns = useMemo(() => facilityColumns(npiType), [npiType]);

  const openDrawer = useCallback(
    (next: { mode: 'create' | 'edit'; draft: FacilityDraft; facility?: Facility; sampleData?: boolean }) =>
      setDrawer((current) => ({ open: true, ...next, version: current.version + 1 })),
    [setDrawer],
  );

  const onPick = useCallback(
    async (item: ProviderListItem, sampleData: boolean) => {
      const fallback: FacilityDraft = {
        ...EMPTY_DRAFT,
        npi: item.npi,
        contactPersonFirstName: item.providerFirstName,
        contactPersonMiddleName: item.providerMiddleName,
        contactPersonLastName: item.providerLastName,
        mailingAddressOrgName: item.providerOrganizationName,
      };
      try {
        const reply = await facilitiesApi.lookupNpi(item.npi);
        openDrawer({ mode: 'create', draft: draftFromRegistry(reply.providerData), sampleData: reply.sampleData === true });
      } catch {
        openDrawer({ mode: 'create', draft: fallback, sampleData });
      }
    },
    [openDrawer],
  );

  const remove = useCallback(
    (facility: Facility) => {
      modal.confirm({
        title: 'Delete Record',
        content: `Delete the facility with NPI ${facility.npi}?`,
        okText: 'Delete',
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            await facilitiesApi.remove(facility._id);
            message.success('Facility deleted');
            reload((count) => count + 1);
          } catch (error) {
            message.error(isApiError(error) ? error.message : 'The facility could not be deleted');
          }
        },
      });
    },
    [modal, message, reload],
  );

  const onRowMenuClick = useCallback(
    (key: string, row: Facility) => {
      switch (key as RowMenuKey) {
        case 'edit':
          openDrawer({ mode: 'edit', draft: draftFromFacility(row), facility: row });
          break;
        case 'details':
          setDetails(row);
          break;
        case 'addToList':
          message.info(ADD_TO_LIST_NOTICE);
          break;
        case 'delete':
          remove(row);
          break;
      }
    },
    [openDrawer, setDetails, message, remove],
  );

  return (
    // Inside the admin shell, which gives the page its heading and main landmark.
    <section aria-label={FACILITIES_TITLE}>
      <DataGrid<Facility>
        // The switch changes the query's entity type and the columns: the grid starts again on page 1.
        key={npiType}
        gridId="facilities"
        ariaLabel={FACILITIES_TITLE}
        title={FACILITIES_TITLE}
        rowKey="_id"
        rowHeight={GRID_ROW_HEIGHTS.compact}
        columns={columns}
        onLoad={(query) => loadFacilitiesPage(facilitiesApi, query, npiType)}
        reloadKey={reloadKey}
        rowMenuItems={MENU_ITEMS}
        onRowMenuClick={onRowMenuClick}
        onCellClick={({ row, field }) => {
          if (field === 'npi') setDetails(row);
        }}
        onPageLoad={() => undefined}
        onSort={() => undefined}
        onApplyFilter={() => undefined}
        onFilterTypeChange={() => undefined}
        onFilterToggle={() => undefined}
        onPinChange={() => undefined}
        onAlignChange={() => undefined}
        toolbar={
          <Flex key="facility-tools" gap="small" align="center" wrap>
            <Segmented<NpiType>
              aria-label="npiType"
              size="middle"
              value={npiType}
              options={NPI_TYPE_OPTIONS.map((option) => ({ ...option }))}
              onChange={(value) => setNpiType(value)}
            />
            <AddFacilitySearch
              npiType={npiType}
              onPick={(item, sampleData) => void onPick(item, sampleData)}
              onCreate={(term) => openDrawer({ mode: 'create', draft: draftFromTerm(term, npiType) })}
            />
          </Flex>
        }
      />
      <FacilityDrawer />
      <FacilityDetailsDrawer />
    </section>
  );
}
