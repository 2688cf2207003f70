import { ConfigError, createLogger, sinceProcessStart, untilStarted } from '@app/nest-kit';
import { loadGatewayConfig } from './config';
import { createGatewayApp } from './create-app';

async function main() {
  const boot: Record<string, number> = { loaded: sinceProcessStart() };
  const config = loadGatewayConfig();
  const app = await createGatewayApp(config);
  boot.created = sinceProcessStart();
  // A warm standby (nest-kit standby.ts) waits here for its supervisor's start: created and
  // connected, not yet listening.
  await untilStarted();
  boot.started = sinceProcessStart();
  await app.listen(config.PORT, config.HOST);
  boot.listening = sinceProcessStart();
  createLogger('gateway', config.LOG_LEVEL).info({ port: config.PORT, boot }, `gateway listening on http://localhost:${config.PORT}`);
}

main().catch((err) => {
  const logger = createLogger('gateway');
  if (err instanceof ConfigError) logger.fatal(err.message);
  else logger.fatal({ err }, 'gateway failed to start');
  process.exit(1);
});
