import type { directory } from '@app/contracts';

/** 1 individual, 2 organization (spec §9 entity type code). */
export type NpiType = 1 | 2;

/** A facility as the list answers it (spec §3 Facility; the contract's FacilityView). */
export type Facility = directory.FacilityView;

/** The facility create payload (spec §3); adminEmail is sent for compatibility, the server uses the signed-in admin. */
export type FacilityPayload = {
  adminEmail?: string;
  npi: string;
  /** Optional: without it the directory takes it from the registry. */
  entityTypeCode?: '1' | '2';
  contactPersonFirstName: string;
  contactPersonMiddleName: string;
  contactPersonLastName: string;
  mailingAddressOrgName: string;
  mailingAddressStreet: string;
  mailingAddressSuite: string;
  mailingAddressCity: string;
  mailingAddressState: string;
  mailingAddressZip: string;
  email: string;
  mobile: string;
  phone: string;
  fax: string;
};

/** The drawer's form: the payload's fields as typed. */
export type FacilityDraft = Omit<FacilityPayload, 'adminEmail' | 'entityTypeCode'>;
export type FacilityField = keyof FacilityDraft;

export type RegistryResult = directory.RegistryResult;
export type ProviderListItem = directory.ProviderListItem;

export type AllFacilitiesReply = directory.AllFacilitiesReply;
export type FacilityCountReply = directory.FacilityCountReply;
export type FacilityReply = directory.FacilityReply;
export type DeleteFacilityReply = directory.DeleteFacilityReply;
export type NpiSearchReply = { success: boolean; providers: ProviderListItem[]; sampleData?: boolean };
export type SearchNppesReply = { success: boolean; providerData: RegistryResult; sampleData?: boolean };
