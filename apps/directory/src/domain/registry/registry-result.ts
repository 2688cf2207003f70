import { directory } from '@app/contracts';

/** The registry result shapes live in the contracts (the gateway and the web read them too). */
export type ProviderListItem = directory.ProviderListItem;
export type RegistryAddress = directory.RegistryAddress;
export type RegistryBasic = directory.RegistryBasic;
export type RegistryEndpoint = directory.RegistryEndpoint;
export type RegistryResult = directory.RegistryResult;
export type RegistrySource = directory.RegistrySource;
export type RegistryTaxonomy = directory.RegistryTaxonomy;
export const toProviderListItem = directory.toProviderListItem;
