import type { Provider } from '@nestjs/common';
import { REGISTRY_CONFIG, loadRegistryConfig } from './registry.config';
import { RegistryRpcController } from './registry.rpc.controller';
import { RegistryService } from './registry.service';
import { RegistryDeactivationWatch } from './deactivation-watch';

export { registryIntegrationEvents } from './deactivation-watch';

/** The national provider registry (issue #10): mirror or live lookups over NATS. */
export const registryControllers = [RegistryRpcController];
export const registryProviders: Provider[] = [{ provide: REGISTRY_CONFIG, useFactory: () => loadRegistryConfig() }, RegistryService, RegistryDeactivationWatch];
