import { RegistryUserThrottler } from './registry-throttler.guard';
import { RegistryController } from './registry.controller';

export const registryControllers = [RegistryController];
export const registryProviders = [RegistryUserThrottler];
