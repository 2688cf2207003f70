import { Descriptions, Flex, Spin, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { useQuery } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import type { ReactElement } from 'react';
import { formatPhone, phoneHref } from '../../format';
import { SampleDataTag } from '../../registry';
import { SlideDrawer } from '../../widgets';
import { facilitiesApi } from '../api/facilitiesApi';
import { addressText, mapsHref } from '../logic/facilityAddress';
import { DETAILS_DRAWER_TITLE } from '../logic/facilityConstants';
import { facilityDetailsAtom } from '../state/facilityDetailsAtom';
import type { RegistryResult } from '../types/facility';

const useStyles = createStyles(({ token, css }) => ({
  registryHeading: css`
    margin-bottom: ${token.marginXS}px;
  `,
  registryTitle: css`
    &.ant-typography {
      margin: 0;
    }
  `,
}));

type Lookup = { npi: string; loading: boolean; result?: RegistryResult; sampleData?: boolean; missing?: boolean };

function Tel({ value }: { value: string | null }): ReactElement {
  const href = phoneHref(value);
  return href ? <a href={href}>{formatPhone(value)}</a> : <>{formatPhone(value) || '—'}</>;
}

/**
 * Show Details (and a click on a facility's NPI): the facility as saved, and what the
 * national registry says about its NPI (type, primary taxonomy, status), tagged while the
 * registry is the sample.
 */
export function FacilityDetailsDrawer(): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  const [facility, setFacility] = useAtom(facilityDetailsAtom);
  const npi = facility?.npi;
  // The registry record of the NPI, cached per NPI (reopening the drawer does not ask again).
  const lookup = useQuery({ queryKey: ['registry', 'npi', npi ?? ''], queryFn: () => facilitiesApi.lookupNpi(npi ?? ''), enabled: Boolean(npi), staleTime: 5 * 60_000 });

  const name = facility
    ? [facility.contactPersonFirstName, facility.contactPersonMiddleName, facility.contactPersonLastName].filter(Boolean).join(' ')
    : '';
  const href = mapsHref(facility?.mailingAddress);
  const registry: Lookup | null = !npi
    ? null
    : lookup.isPending
      ? { npi, loading: true }
      : lookup.isError
        ? { npi, loading: false, missing: true }
        : { npi, loading: false, result: lookup.data.providerData, sampleData: lookup.data.sampleData === true };
  const primary = registry?.result?.taxonomies.find((t) => t.primary) ?? registry?.result?.taxonomies[0];

  return (
    <SlideDrawer open={facility !== null} onClose={() => setFacility(null)} placement="right" size="facility" title={DETAILS_DRAWER_TITLE}>
      {facility ? (
        <Flex vertical gap={token.marginLG}>
          <Descriptions column={1} size="small" bordered title="Facility" aria-label="Facility">
            <Descriptions.Item label="NPI #">{facility.npi}</Descriptions.Item>
            {facility.organizationName ? <Descriptions.Item label="Organization">{facility.organizationName}</Descriptions.Item> : null}
            <Descriptions.Item label="Contact">{name || '—'}</Descriptions.Item>
            <Descriptions.Item label="Mailing Address">
              {href ? (
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {addressText(facility.mailingAddress)}
                </a>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label="Email">{facility.email ? <a href={`mailto:${facility.email}`}>{facility.email}</a> : '—'}</Descriptions.Item>
            <Descriptions.Item label="Mobile #">
              <Tel value={facility.mobile} />
            </Descriptions.Item>
            <Descriptions.Item label="Phone #">
              <Tel value={facility.phone} />
            </Descriptions.Item>
            <Descriptions.Item label="Fax #">{formatPhone(facility.fax) || '—'}</Descriptions.Item>
          </Descriptions>
          <div>
            <Flex align="center" gap={token.marginXS} className={styles.registryHeading}>
              <Typography.Title level={5} className={styles.registryTitle}>
                National registry
              </Typography.Title>
              <SampleDataTag show={registry?.sampleData} />
            </Flex>
            {!registry || registry.loading ? <Spin size="small" aria-label="Loading registry record" /> : null}
            {registry?.missing ? <Typography.Text type="secondary">The registry has no record of this NPI.</Typography.Text> : null}
            {registry?.result ? (
              <Descriptions column={1} size="small" bordered aria-label="National registry">
                <Descriptions.Item label="Type">{registry.result.enumeration_type === 'NPI-2' ? 'Organization' : 'Individual'}</Descriptions.Item>
                <Descriptions.Item label="Name">
                  {registry.result.basic.organization_name ||
                    [registry.result.basic.first_name, registry.result.basic.middle_name, registry.result.basic.last_name, registry.result.basic.credential]
                      .filter(Boolean)
                      .join(' ')}
                </Descriptions.Item>
                <Descriptions.Item label="Primary taxonomy">{primary ? `${primary.desc} (${primary.code})` : '—'}</Descriptions.Item>
                <Descriptions.Item label="Status">{registry.result.basic.status === 'D' ? 'Deactivated' : 'Active'}</Descriptions.Item>
              </Descriptions>
            ) : null}
          </div>
        </Flex>
      ) : null}
    </SlideDrawer>
  );
}
