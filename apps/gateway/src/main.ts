import { ConfigError, createLogger } from '@app/nest-kit';
import { loadGatewayConfig } from './config';
import { createGatewayApp } from './create-app';

async function main() {
  const config = loadGatewayConfig();
  const app = await createGatewayApp(config);
  await app.listen(config.PORT, config.HOST);
  createLogger('gateway', config.LOG_LEVEL).info({ port: config.PORT }, `gateway listening on http://localhost:${config.PORT}`);
}

main().catch((err) => {
  const logger = createLogger('gateway');
  if (err instanceof ConfigError) logger.fatal(err.message);
  else logger.fatal({ err }, 'gateway failed to start');
  process.exit(1);
});
