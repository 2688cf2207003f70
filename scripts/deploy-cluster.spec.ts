/**
 * docker-compose.yml and deploy/k8s describe the same system: a three-node NATS cluster (routes
 * between the three, JetStream, one server name per node) and two instances of every app, each
 * app listing every NATS node in its NATS_URL with its own user, and NATS_REPLICAS=3 so the
 * streams and consumers the apps create have a copy on every node. Docker and Kubernetes do not
 * run here: the files are read as text (no YAML parser is a dependency of the project), one
 * document or service block at a time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const APPS = ['gateway', 'identity', 'directory', 'practices', 'messaging', 'notifications', 'credentialing'];

/** The top-level services of the compose file, each with its block of text. */
function composeServices(): Map<string, string> {
  const text = read('docker-compose.yml');
  const body = text.slice(text.indexOf('\nservices:\n') + '\nservices:\n'.length, text.indexOf('\nvolumes:\n'));
  const out = new Map<string, string>();
  for (const block of body.split(/\n(?=  [a-z0-9-]+:\n)/)) {
    const name = /^ {2}([a-z0-9-]+):$/m.exec(block)?.[1];
    if (name) out.set(name, block);
  }
  return out;
}

/** The Kubernetes documents of a manifest by kind and name. */
function k8sDocuments(file: string): Array<{ kind: string; name: string; text: string }> {
  return read(`deploy/k8s/${file}`)
    .split(/^---$/m)
    .map((text) => ({ kind: /^kind: (\S+)/m.exec(text)?.[1] ?? '', name: /^metadata:\n {2}name: (\S+)/m.exec(text)?.[1] ?? '', text }))
    .filter((d) => d.kind);
}

/** The servers of a NATS_URL value (credentials dropped). */
const servers = (url: string) => url.split(',').map((u) => u.trim().replace(/^nats:\/\/([^@/]*@)?/, ''));

describe('the deployments describe the same NATS cluster and apps', () => {
  const compose = composeServices();
  const k8sApps = [...k8sDocuments('services.yaml'), ...k8sDocuments('gateway.yaml')].filter((d) => d.kind === 'Deployment');

  it('compose and Kubernetes run the same apps, two instances of each', () => {
    expect([...compose.keys()].filter((s) => APPS.includes(s)).sort()).toEqual([...APPS].sort());
    expect(k8sApps.map((d) => d.name).sort()).toEqual([...APPS].sort());
    for (const app of APPS) {
      expect(`${app}: ${/replicas: (\d+)/.exec(compose.get(app)!)?.[1] ?? read('docker-compose.yml').match(/x-app: &app[\s\S]*?replicas: (\d+)/)?.[1]}`).toBe(`${app}: 2`);
      expect(`${app}: ${/^ {2}replicas: (\d+)/m.exec(k8sApps.find((d) => d.name === app)!.text)?.[1]}`).toBe(`${app}: 2`);
    }
  });

  it('three NATS nodes with JetStream, routes to all three and one cluster name, in both', () => {
    const nodes = ['nats-1', 'nats-2', 'nats-3'];
    for (const n of nodes) {
      expect(compose.get(n)).toContain('/etc/nats/nats-cluster.conf');
      expect(compose.get(n)).toContain(`NATS_SERVER_NAME: ${n}`);
    }
    const composeConf = read('deploy/nats/nats-cluster.conf');
    const k8sConf = read('deploy/k8s/nats-cluster.conf');
    const routes = (conf: string) => [...conf.matchAll(/^\s+nats:\/\/([a-z0-9.-]+):6222$/gm)].map((m) => m[1]);
    expect(routes(composeConf)).toEqual(nodes);
    expect(routes(k8sConf)).toEqual(['nats-0.nats-headless', 'nats-1.nats-headless', 'nats-2.nats-headless']);
    for (const conf of [composeConf, k8sConf]) {
      expect(conf).toMatch(/^include \.\/nats-server\.conf$/m);
      expect(conf).toMatch(/^server_name: \$NATS_SERVER_NAME$/m);
      expect(/cluster \{[\s\S]*name: (\S+)/.exec(conf)?.[1]).toBe('credentialing');
    }
    const statefulSet = k8sDocuments('nats.yaml').find((d) => d.kind === 'StatefulSet')!;
    expect(statefulSet.text).toMatch(/^ {2}replicas: 3$/m);
    expect(statefulSet.text).toContain('/etc/nats/nats-cluster.conf');
    expect(statefulSet.text).toMatch(/name: NATS_SERVER_NAME\n\s+valueFrom:\n\s+fieldRef:\n\s+fieldPath: metadata.name/);
    expect(statefulSet.text).toContain('containerPort: 6222');
    expect(read('deploy/k8s/kustomization.yaml')).toMatch(/- nats-cluster\.conf/);
    // The single-server configuration both include has JetStream on.
    expect(read('deploy/nats/nats-server.conf')).toMatch(/^jetstream \{/m);
  });

  it('every app lists every node in NATS_URL as its own user, and creates streams and consumers with 3 replicas', () => {
    expect(read('docker-compose.yml')).toMatch(/x-app-env: &app-env\n(?: {2}.*\n)*? {2}NATS_REPLICAS: "3"/);
    expect(read('deploy/k8s/config.yaml')).toMatch(/^ {2}NATS_REPLICAS: "3"$/m);
    for (const app of APPS) {
      const composeUrl = (/NATS_URL: (.+)/.exec(compose.get(app)!)?.[1] ?? '').replace(/\$\{[^}]*\}/g, 'x');
      expect(composeUrl.startsWith(`nats://${app}:`)).toBe(true);
      expect(servers(composeUrl)).toEqual(['nats-1:4222', 'nats-2:4222', 'nats-3:4222']);
      const k8sUrl = /name: NATS_URL\n\s+value: (\S+)/.exec(k8sApps.find((d) => d.name === app)!.text)?.[1] ?? '';
      expect(k8sUrl.startsWith(`nats://${app}:$(NATS_${app.toUpperCase()}_PASSWORD)@`)).toBe(true);
      expect(servers(k8sUrl)).toEqual(['nats-0.nats-headless:4222', 'nats-1.nats-headless:4222', 'nats-2.nats-headless:4222']);
    }
    // The integrators' stream too.
    expect(compose.get('integrators-stream')).toContain('INTEGRATOR_STREAM_REPLICAS: "3"');
    expect(read('deploy/k8s/jobs.yaml')).toMatch(/name: INTEGRATOR_STREAM_REPLICAS\n\s+value: "3"/);
  });
});
